import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewModel } from '../../../src/model/view-model.js';
import { renderXlsxView } from '../../../src/render/xlsx/render-xlsx.js';
import { hasProgram } from '../../support/system-program.js';
import { bodyBytes, hostileView, readWorkbook } from './read-workbook.js';
import { convertWithLibreOffice as convert } from './soffice.js';

/** Rows of a CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted && char === '"' && text[index + 1] === '"') {
      field += '"';
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== ',' && char !== '\n' && char !== '\r')) {
      field += char;
    } else if (char !== '\r') {
      row.push(field);
      field = '';
      if (char === '\n') {
        rows.push(row);
        row = [];
      }
    }
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

// Comma, double quote, UTF-8, from line 1, values as shown (formatted), every sheet to its own file.
const csvFilter = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1';

/**
 * One workbook, converted once to CSV and once to a flat ODF spreadsheet (the tests
 * read what they need of each) by two LibreOffice runs, one per target (a run converts
 * to one): each test used to convert on its own.
 */
describe.skipIf(!hasProgram('soffice', 'libreoffice-calc'))('LibreOffice reads the workbook', () => {
  let view: ViewModel;
  let dir: string;
  let file: string;
  let flat: string;
  beforeAll(async () => {
    view = await hostileView();
    dir = mkdtempSync(join(tmpdir(), 'cspm-libreoffice-'));
    file = join(dir, 'hostile.xlsx');
    writeFileSync(file, await bodyBytes(await renderXlsxView(view, {})));
    convert(file, csvFilter, dir);
    convert(file, 'fods', dir);
    flat = readFileSync(join(dir, 'hostile.fods'), 'utf8');
  }, 180_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('converts every sheet to CSV with the texts and figures of the view model', () => {
    const policies = parseCsv(readFileSync(join(dir, 'hostile-Policies.csv'), 'utf8'));
    expect(policies).toHaveLength(1 + view.rollup.policies);
    const titles = policies.map((row) => row[5]);
    expect(titles).toContain('=HYPERLINK("http://example.invalid","click me")');
    expect(titles).toContain("+cmd|' /C calc'!A0");
    expect(titles).toContain('@SUM(A1:A2)');
    expect(titles).toContain('ストレージアカウントのアクセスキーを定期的にローテーションする');

    const summary = parseCsv(readFileSync(join(dir, 'hostile-Summary.csv'), 'utf8'));
    const headerIndex = summary.findIndex((row) => row[0] === 'Benchmark');
    const header = summary[headerIndex] ?? [];
    const report = summary[headerIndex + 1] ?? [];
    const at = (name: string): string | undefined => report[header.indexOf(name)];
    const figures = view.reports[0]?.figures;
    expect([at('Total'), at('Green'), at('Red'), at('Amber'), at('Gray')]).toEqual(
      [figures?.total, figures?.green, figures?.red, figures?.amber, figures?.gray].map(String),
    );
    // The number format shows the percent as every other format prints it.
    expect(at('Compliance %')).toBe(figures?.percentText);
    expect(at('License')).toBe("=cmd|'/C calc'!A0");

    const categories = parseCsv(readFileSync(join(dir, 'hostile-Categories.csv'), 'utf8'));
    expect(categories.slice(1).map((row) => row[9])).toEqual(
      view.reports[0]?.categories.map((category) => category.figures.percentText),
    );
  });

  // Headless LibreOffice writes no view settings, so frozen panes are checked with exceljs only.
  it('sees the auto-filter of every sheet', () => {
    const filters = flat.match(/<table:database-range [^>]*table:display-filter-buttons="true"[^>]*>/g) ?? [];
    expect(filters.join('\n')).toContain('Policies.A1:Policies.M15');
    expect(filters).toHaveLength(6);
  });

  it('prints the Summary on A4 landscape, as many pages wide as the workbook asks', async () => {
    // Sheet → table style → master page → page layout.
    const tableStyle = /<table:table table:name="Summary" table:style-name="([^"]+)"/.exec(flat)?.[1];
    const masterPage = new RegExp(
      `<style:style style:name="${tableStyle}" style:family="table" style:master-page-name="([^"]+)"`,
    ).exec(flat)?.[1];
    const layoutName = new RegExp(
      `<style:master-page style:name="${masterPage}"[^>]* style:page-layout-name="([^"]+)"`,
    ).exec(flat)?.[1];
    const layout =
      new RegExp(`<style:page-layout style:name="${layoutName}">\\s*<style:page-layout-properties ([^>]*)>`).exec(
        flat,
      )?.[1] ?? '';
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(layout)?.[1];
    expect(layoutName).toBeDefined();
    // A4 is 297 × 210 mm: 11.6929 × 8.2681 in.
    expect([attribute('fo:page-width'), attribute('fo:page-height')]).toEqual(['11.6929in', '8.2681in']);
    expect(attribute('style:print-orientation')).toBe('landscape');
    const workbook = await readWorkbook(readFileSync(file));
    expect(attribute('style:scale-to-X')).toBe(String(workbook.getWorksheet('Summary')?.pageSetup.fitToWidth));
    // One page across: the Summary's ids stay off the printed page.
    expect(Number(attribute('style:scale-to-X'))).toBe(1);
    expect(attribute('style:scale-to-Y')).toBeUndefined();
  });
});
