import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildViewModel, checkReports, collectBytes, renderers, type ViewModel } from '../../src/index.js';
import { textOf } from './pdf/pdf-helpers.js';

/** The words a person reads in the page, tags dropped and entities decoded. */
function visibleText(html: string): string {
  const body = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' ');
  const decoded = body.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&#x3D;/g, '=').replace(/&#x60;/g, '`');
  return decoded.replace(/\s+/g, ' ');
}

function categoryRows(view: ViewModel): { report: string; row: string; numbers: number[]; percent: number; name: string }[] {
  return view.reports.flatMap((report) =>
    report.categories.map((category) => {
      const { total, green, red, amber, gray, percent, percentText } = category.figures;
      return { report: report.benchmarkName, name: category.name, row: `${category.order} ${category.name} ${total} ${green} ${red} ${amber} ${gray} ${percentText}`, numbers: [category.order, total, green, red, amber, gray], percent };
    }),
  );
}

const samples = readdirSync('samples').filter((name) => name.endsWith('.json'));

describe.each(samples)('HTML, PDF and XLSX agree on every category figure of %s', (sample) => {
  it('shows the same counts and percent in all three formats', async () => {
    const view = buildViewModel(await checkReports(join('samples', sample)));
    const html = visibleText(Buffer.from(await collectBytes(await renderers.html.render(view, {}))).toString('utf8'));
    const pdf = (await textOf(Buffer.from(await collectBytes(await renderers.pdf.render(view, {}))))).replace(/\s+/g, ' ');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await collectBytes(await renderers.xlsx.render(view, {}))) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Categories')!;
    const sheetRows = new Map<string, unknown[]>();
    sheet.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      sheetRows.set(`${String(values[0])}|${String(values[3])}`, values);
    });
    const rows = categoryRows(view);
    expect(rows.length).toBeGreaterThan(4);
    for (const { report, name, row, numbers, percent } of rows) {
      expect(html, `HTML row of ${name}`).toContain(row);
      expect(pdf, `PDF row of ${name}`).toContain(row);
      const cells = sheetRows.get(`${report}|${name}`);
      expect(cells, `XLSX row of ${name}`).toBeDefined();
      expect([cells![2], ...cells!.slice(4, 9)]).toEqual(numbers);
      expect(cells![9] as number).toBeCloseTo(percent / 100, 12);
    }
    const { total, percentText, percent, green, red, amber, gray } = view.rollup.figures;
    expect(html).toContain(percentText);
    expect(pdf).toContain(percentText);
    expect(html).toContain(String(total));
    // The Summary's key figures: label–value lines under the title.
    const summary = workbook.getWorksheet('Summary')!;
    const keyFigures = new Map<unknown, unknown>();
    for (let row = 2; summary.getCell(row, 1).value !== null; row += 1) keyFigures.set(summary.getCell(row, 1).value, summary.getCell(row, 2).value);
    expect(keyFigures.get('Compliance') as number).toBeCloseTo(percent / 100, 12);
    expect(['Policies', 'Green', 'Red', 'Amber', 'Gray'].map((label) => keyFigures.get(label))).toEqual([total, green, red, amber, gray]);
  });
});
