import type ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { poamColumns } from '../../../src/render/csv/poam-columns.js';
import type { ViewModel } from '../../../src/model/view-model.js';
import { renderXlsxView } from '../../../src/render/xlsx/render-xlsx.js';
import { viewOf } from '../pdf/pdf-helpers.js';
import { bodyBytes, readWorkbook, sheet } from './read-workbook.js';

describe('the POA&M sheet, read back with exceljs', () => {
  let view: ViewModel;
  let poam: ExcelJS.Worksheet;
  beforeAll(async () => {
    view = await viewOf('samples/azure-multi-benchmark.json');
    poam = sheet(await readWorkbook(await bodyBytes(await renderXlsxView(view, {}))), 'POA&M');
  });

  it('has the columns of -f poam and a row per Red or Amber policy, no Gray', () => {
    const header = (poam.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(poamColumns.map((column) => column.header));
    const failing = view.rollup.figures.red + view.rollup.figures.amber;
    expect(poam.rowCount).toBe(1 + failing);
    const compliance = poam.getColumn(header.indexOf('Compliance') + 1).values.slice(2);
    expect(new Set(compliance)).toEqual(new Set(['Red', 'Amber']));
  });

  it('keeps the stable finding id and leaves the columns to fill in empty and wide', () => {
    const first = view.reports[0];
    const action = first?.actions[0];
    expect(poam.getCell('A2').value).toBe(
      `${first?.benchmarkId}/${first?.accountId}/${action?.policy.ComplianceNumber}`,
    );
    for (const header of ['Milestones', 'Scheduled Completion Date', 'Owner']) {
      const column = poam.getColumn(poamColumns.findIndex((poamColumn) => poamColumn.header === header) + 1);
      expect(column.width).toBeGreaterThanOrEqual(28);
      expect(column.values.slice(2).every((value) => value === null || value === undefined || value === '')).toBe(true);
    }
  });

  it('writes text cells as text, never as formulas', () => {
    poam.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(6)));
  });
});
