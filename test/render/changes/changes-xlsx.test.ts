import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { renderXlsxView } from '../../../src/render/xlsx/render-xlsx.js';
import { bodyBytes, readWorkbook, sheet } from '../xlsx/read-workbook.js';
import { comparison, hostileTitle } from './comparison.js';

/** The header row of a table sheet (the first row whose column A reads `Benchmark`) and the rows below it. */
function table(worksheet: ExcelJS.Worksheet): { header: string[]; rows: ExcelJS.Row[] } {
  let headerRow = 0;
  for (let number = 1; number <= worksheet.rowCount && headerRow === 0; number += 1)
    if (worksheet.getCell(number, 1).value === 'Benchmark') headerRow = number;
  const header = (worksheet.getRow(headerRow).values as unknown[]).slice(1).map(String);
  const rows: ExcelJS.Row[] = [];
  for (let number = headerRow + 1; number <= worksheet.rowCount; number += 1) rows.push(worksheet.getRow(number));
  return { header, rows };
}

function cell(row: ExcelJS.Row, header: string[], name: string): ExcelJS.Cell {
  const index = header.indexOf(name);
  if (index === -1) throw new Error(`no column ${name}`);
  return row.getCell(index + 1);
}

describe('the workbook of a comparison, read back with exceljs', () => {
  it('has a Changes sheet after the Summary with a row per change, transitions as text', async () => {
    const { view, diff } = await comparison();
    const workbook = await readWorkbook(await bodyBytes(await renderXlsxView(view, {})));
    expect(workbook.worksheets.map((worksheet) => worksheet.name).slice(0, 3)).toEqual([
      'Summary',
      'Changes',
      'Category changes',
    ]);
    const { header, rows } = table(sheet(workbook, 'Changes'));
    expect(header).toEqual([
      'Benchmark',
      'Account',
      'Change',
      'Severity',
      'Number',
      'Title',
      'Category',
      'Transition',
      'Old colour',
      'Old passed',
      'Old total',
      'New colour',
      'New passed',
      'New total',
      'Policy id',
    ]);
    const changes = diff.reports[0]!.changes;
    expect(rows).toHaveLength(changes.length);
    rows.forEach((row, index) => {
      const change = changes[index]!;
      expect(cell(row, header, 'Policy id').value).toBe(change.policyId);
      expect(cell(row, header, 'Number').value).toBe(change.complianceNumber);
      expect(cell(row, header, 'Old colour').value).toBe(change.old?.compliance ?? null);
      expect(cell(row, header, 'New colour').value).toBe(change.new?.compliance ?? null);
      expect(cell(row, header, 'Old passed').value).toBe(change.old?.passedResources ?? null);
      expect(cell(row, header, 'New total').value).toBe(change.new?.totalResources ?? null);
      expect(cell(row, header, 'Transition').type).toBe(ExcelJS.ValueType.String);
    });
    const first = rows[0]!;
    expect(cell(first, header, 'Change').value).toBe('Regression');
    expect(cell(first, header, 'Transition').value).toBe('Green → Red');
    // The colour is a fill behind its word, never the only sign of it.
    expect((cell(first, header, 'New colour').fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb).toMatch(/^FF/);
    // The new failures follow the regressions: the first is a policy the old scan did not have.
    expect(cell(rows[3]!, header, 'Change').value).toBe('New failure');
    expect(cell(rows[3]!, header, 'Transition').value).toBe('new: Red');
    expect(cell(rows[3]!, header, 'Old colour').value).toBeNull();
  });

  it('writes report text that looks like a formula as text', async () => {
    const { view } = await comparison(true);
    const workbook = await readWorkbook(await bodyBytes(await renderXlsxView(view, {})));
    const { header, rows } = table(sheet(workbook, 'Changes'));
    const title = cell(rows[0]!, header, 'Title');
    expect(title.type).toBe(ExcelJS.ValueType.String);
    expect(title.value).toBe(hostileTitle);
    expect(title.formula).toBeUndefined();
  });

  it('has each category before and after, the change in signed points', async () => {
    const { view, diff } = await comparison();
    const workbook = await readWorkbook(await bodyBytes(await renderXlsxView(view, {})));
    const { header, rows } = table(sheet(workbook, 'Category changes'));
    expect(rows).toHaveLength(diff.reports[0]!.categories.length);
    const iaas = rows.find((row) => cell(row, header, 'Category').value === 'Azure - Compute (IaaS)')!;
    expect(cell(iaas, header, 'Before %').value).toBeCloseTo(0.2727, 3);
    expect(cell(iaas, header, 'After %').value).toBeCloseTo(0.3636, 3);
    expect(cell(iaas, header, 'Change (points)').value).toBe(9.1);
    expect(cell(iaas, header, 'Change (points)').numFmt).toBe('+0.0;-0.0;0.0');
    expect(cell(iaas, header, 'Fixes').value).toBe(1);
    const unassessed = rows.find((row) => cell(row, header, 'Category').value === 'Azure - Kubernetes & Containers')!;
    expect(cell(unassessed, header, 'Before %').value).toBeNull();
  });

  it('has no Changes sheets without a diff', async () => {
    const { news } = await comparison();
    const workbook = await readWorkbook(await bodyBytes(await renderXlsxView(buildViewModel(news), {})));
    expect(workbook.getWorksheet('Changes')).toBeUndefined();
    expect(workbook.getWorksheet('Category changes')).toBeUndefined();
  });
});
