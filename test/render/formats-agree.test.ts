import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { renderers, type ViewModel } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { buildViewModel } from '../../src/render/build-view-model.js';
import { collectBytes } from '../../src/render/renderers.js';
import { textOf } from './pdf/pdf-helpers.js';

/** The words a person reads in the page, tags dropped and entities decoded. */
function visibleText(html: string): string {
  const body = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' ');
  const decoded = body
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&#x3D;/g, '=')
    .replace(/&#x60;/g, '`');
  return decoded.replace(/\s+/g, ' ');
}

function categoryRows(
  view: ViewModel,
): { report: string; row: string; numbers: number[]; percent: number | null; name: string }[] {
  return view.reports.flatMap((report) =>
    report.categories.map((category) => {
      const { total, green, red, amber, gray, percent, percentText } = category.figures;
      return {
        report: report.benchmarkName,
        name: category.name,
        row: `${category.order} ${category.name} ${total} ${green} ${red} ${amber} ${gray} ${percentText}`,
        numbers: [category.order, total, green, red, amber, gray],
        percent,
      };
    }),
  );
}

/** Values of a sheet's rows, keyed by the row's values in `key` columns (zero-based). */
function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Positions of `needles` in `text`, in order of appearance after `from`; -1 for a missing one. */
function inOrder(text: string, from: string, needles: readonly string[]): boolean {
  let at = text.indexOf(from);
  if (at === -1) return false;
  for (const needle of needles) {
    const next = text.indexOf(needle, at);
    if (next === -1) return false;
    at = next + needle.length;
  }
  return true;
}

const inputs = [
  ...readdirSync('samples')
    .filter((name) => name.endsWith('.json'))
    .map((name) => join('samples', name)),
  'test/fixtures/csbp-many-gray.json',
];

describe.each(inputs)('HTML, PDF and XLSX agree on %s', (input) => {
  it('shows the same category counts and percents (n/a where nothing was assessed), worst categories and action list', async () => {
    const view = buildViewModel(await analyseInputs(input));
    const html = visibleText(Buffer.from(await collectBytes(await renderers.html.render(view, {}))).toString('utf8'));
    const pdf = (await textOf(Buffer.from(await collectBytes(await renderers.pdf.render(view, {}))))).replace(
      /\s+/g,
      ' ',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await collectBytes(await renderers.xlsx.render(view, {}))) as unknown as ArrayBuffer,
    );
    const categories = sheetRows(workbook.getWorksheet('Categories')!);
    const header = categories[0] as unknown[];
    const byName = new Map(categories.map((values) => [`${String(values[0])}|${String(values[3])}`, values]));
    const percentColumn = header.indexOf('Compliance %');
    const rankColumn = header.indexOf('Worst rank');
    const rows = categoryRows(view);
    expect(rows.length).toBeGreaterThan(4);
    for (const { report, name, row, numbers, percent } of rows) {
      expect(html, `HTML row of ${name}`).toContain(row);
      expect(pdf, `PDF row of ${name}`).toContain(row);
      const cells = byName.get(`${report}|${name}`);
      expect(cells, `XLSX row of ${name}`).toBeDefined();
      expect([cells![2], ...cells!.slice(4, 9)]).toEqual(numbers);
      if (percent === null) expect(cells![percentColumn] ?? null, `empty XLSX percent of ${name}`).toBeNull();
      else expect(cells![percentColumn] as number).toBeCloseTo(percent / 100, 12);
    }
    const { total, percentText, percent, green, red, amber, gray } = view.rollup.figures;
    expect(html).toContain(percentText);
    expect(pdf).toContain(percentText);
    expect(html).toContain(String(total));
    // The Summary's key figures: label–value lines under the title.
    const summary = workbook.getWorksheet('Summary')!;
    const keyFigures = new Map<unknown, unknown>();
    for (let row = 2; summary.getCell(row, 1).value !== null; row += 1)
      keyFigures.set(summary.getCell(row, 1).value, summary.getCell(row, 2).value);
    if (percent === null) expect(String(keyFigures.get('Compliance'))).toMatch(/^n\/a /);
    else expect(keyFigures.get('Compliance') as number).toBeCloseTo(percent / 100, 12);
    expect(['Policies', 'Green', 'Red', 'Amber', 'Gray'].map((label) => keyFigures.get(label))).toEqual([
      total,
      green,
      red,
      amber,
      gray,
    ]);

    const actionSheet = sheetRows(workbook.getWorksheet('Action list')!);
    const actionHeader = actionSheet.findIndex((values) => values[0] === 'Benchmark');
    const actionNumbers = actionSheet.slice(actionHeader + 1).map((values) => values[7]);
    for (const report of view.reports) {
      const worst = report.worstCategories.map((category) => `${category.name}`);
      expect(
        inOrder(html, `${report.benchmarkName}`, ['Worst categories', ...worst]),
        `HTML worst of ${report.benchmarkName}`,
      ).toBe(true);
      expect(
        inOrder(pdf, `${report.benchmarkName}`, ['Worst categories', ...worst]),
        `PDF worst of ${report.benchmarkName}`,
      ).toBe(true);
      const ranks = categories.filter(
        (values) => values[0] === report.benchmarkName && typeof values[rankColumn] === 'number',
      );
      expect(
        ranks.sort((a, b) => (a[rankColumn] as number) - (b[rankColumn] as number)).map((values) => values[3]),
      ).toEqual(worst);

      const numbers = report.actions.map((action) => action.policy.ComplianceNumber);
      expect(
        inOrder(html, `Action list ${numbers.length}`, numbers),
        `HTML action list of ${report.benchmarkName}`,
      ).toBe(true);
      expect(
        inOrder(pdf, `Action list: failing policies of ${report.benchmarkName}`, numbers),
        `PDF action list of ${report.benchmarkName}`,
      ).toBe(true);
    }
    expect(actionNumbers).toEqual(
      view.reports.flatMap((report) => report.actions.map((action) => action.policy.ComplianceNumber)),
    );
  });
});
