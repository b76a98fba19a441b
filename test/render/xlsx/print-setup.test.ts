import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { ViewModel } from '../../../src/model/view-model.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { onePageShare, widthPerPage } from '../../../src/render/xlsx/print-setup.js';
import { renderXlsxView } from '../../../src/render/xlsx/render-xlsx.js';
import { hasProgram } from '../../support/system-program.js';
import { useTempDir } from '../../support/temp-dir.js';
import { bodyBytes, columnOf, readWorkbook, rowOf, sheet } from './read-workbook.js';
import { convertWithLibreOffice } from './soffice.js';

const sample = 'samples/azure-multi-benchmark.json';

/** The columns each sheet repeats at the left of every printed page. */
const keyColumns: Record<string, string> = {
  Summary: 'A:A',
  Categories: 'A:D',
  'Action list': 'A:C',
  Policies: 'A:D',
  'POA&M': 'A:A',
  Findings: 'A:A',
};

/** Printed width of a page of columns, in characters, with Excel's padding of each column. */
function printedWidth(widths: readonly number[]): number {
  return widths.reduce((sum, width) => sum + width + 5 / 7, 0);
}

describe('the printed workbook', () => {
  const tempDir = useTempDir();
  let view: ViewModel;
  let bytes: Buffer;
  let workbook: ExcelJS.Workbook;
  beforeAll(async () => {
    view = buildViewModel(await analyseInputs(sample));
    bytes = await bodyBytes(await renderXlsxView(view, {}));
    workbook = await readWorkbook(bytes);
  });

  it('sets every sheet to A4 landscape, narrow margins, repeating the header row and the key columns', () => {
    expect(workbook.worksheets.map((worksheet) => worksheet.name)).toEqual(Object.keys(keyColumns));
    for (const worksheet of workbook.worksheets) {
      const headerRow =
        worksheet.name === 'Summary' ? rowOf(worksheet, 'Benchmark') : worksheet.name === 'Action list' ? 4 : 1;
      expect(worksheet.pageSetup, worksheet.name).toMatchObject({
        paperSize: 9,
        orientation: 'landscape',
        fitToPage: true,
        fitToHeight: 0,
        margins: { left: 0.4, right: 0.4, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
        printTitlesRow: `${headerRow}:${headerRow}`,
        printTitlesColumn: keyColumns[worksheet.name],
      });
    }
  });

  it('prints each sheet over as many pages across as keep it at a readable scale, never one page of 25 columns', () => {
    for (const worksheet of workbook.worksheets) {
      // The Summary prints up to its ids (its print area); every other sheet whole.
      const printed =
        worksheet.name === 'Summary'
          ? columnOf(worksheet, rowOf(worksheet, 'Benchmark'), 'Account id') - 1
          : worksheet.columns.length;
      const widths = worksheet.columns.slice(0, printed).map((column) => column.width ?? 0);
      const pages = worksheet.pageSetup.fitToWidth ?? 0;
      // `A:D` → 4 key columns.
      const key = (worksheet.pageSetup.printTitlesColumn ?? 'A:A').charCodeAt(2) - 64;
      // Each page after the first repeats the key columns.
      const perPage = (printedWidth(widths) + (pages - 1) * printedWidth(widths.slice(0, key))) / pages;
      expect(perPage, worksheet.name).toBeLessThanOrEqual(widthPerPage * (pages === 1 ? onePageShare : 1));
      expect(pages, worksheet.name).toBeLessThanOrEqual(Math.ceil((2 * printedWidth(widths)) / widthPerPage));
    }
    expect(sheet(workbook, 'Summary').pageSetup.fitToWidth).toBe(1);
  });

  describe.skipIf(!hasProgram('soffice', 'libreoffice-calc') || !hasProgram('pdftotext', 'poppler-utils'))(
    'through LibreOffice',
    () => {
      let pages: string[];
      let boxes: string[];
      beforeAll(() => {
        const dir = tempDir();
        const file = join(dir, 'multi.xlsx');
        writeFileSync(file, bytes);
        convertWithLibreOffice(file, 'pdf', dir);
        const pdf = join(dir, 'multi.pdf');
        const read = (args: string[]) =>
          execFileSync('pdftotext', [...args, '-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8', maxBuffer: 2 ** 26 });
        pages = read(['-layout']).split('\f');
        boxes = read(['-bbox']).split('</page>');
      }, 180_000);

      it('shows the category names on every page of the Categories sheet', () => {
        // Only the Categories sheet has these headers, on its last page across, which lacked the names.
        const categoryPages = pages.filter((page) => /Red weighted|Worst rank/.test(page));
        expect(categoryPages.length).toBeGreaterThan(0);
        for (const page of categoryPages) {
          expect(page).toMatch(/Benchmark +Account +Order +Category/);
          expect(page).toContain('Azure - Security Center');
        }
      });

      it("prints the reports' figures on the Summary's first page, beside their names", () => {
        expect(pages[0]).toMatch(/Benchmark +Benchmark id +Account +Total +Green +Red +Amber +Gray +Compliance %/);
        // The account's name wraps in its column: its second line follows the row.
        expect(pages[0]).toMatch(/PCI_DSS_3\.2\.1 +PCI3_2_1 +Fabrikam Payments - +47 +18 +18 +10 +1 +39\.1%/);
      });

      it('prints the Summary on one page in text of at least 6 pt, with the benchmark on it', () => {
        const summaryPages = boxes.filter(
          (page) => page.includes('>Compliance</word>') && page.includes('>Policies</word>'),
        );
        expect(summaryPages.length).toBe(1);
        for (const page of summaryPages) {
          const heights = [
            ...page.matchAll(
              /<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">PCI_DSS_3\.2\.1<\/word>/g,
            ),
          ].map((match) => Number(match[2]) - Number(match[1]));
          expect(heights.length).toBe(1);
          expect(heights[0]).toBeGreaterThanOrEqual(6);
        }
      });
    },
  );
});
