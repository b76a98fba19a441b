import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { renderXlsxView } from '../../../src/render/xlsx/render-xlsx.js';
import { bodyBytes, columnOf, readWorkbook, rowOf, sheet } from '../xlsx/read-workbook.js';
import { hostileAccepted, hostileReason, sampleAccepted } from './accepted-view.js';

/** A day as exceljs reads a date cell back: a Date at midnight UTC. */
const dayDate = (day: string | undefined) => new Date(`${day ?? ''}T00:00:00Z`);

describe('the Accepted risks of the workbook, read back with exceljs', () => {
  it('gives one row per exception and accepted policy, with dates as dates and days as numbers', async () => {
    const { view, options } = await sampleAccepted(-1);
    const workbook = await readWorkbook(await bodyBytes(await renderXlsxView(view, options)));
    const names = workbook.worksheets.map((worksheet) => worksheet.name);
    expect(names.indexOf('Accepted risks')).toBe(names.indexOf('Categories') - 1);
    const risks = sheet(workbook, 'Accepted risks');
    const header = rowOf(risks, 'Exception');
    const cell = (row: number, name: string) => risks.getCell(row, columnOf(risks, header, name)).value;
    const [active, expired, unused] = view.acceptedRisks?.exceptions ?? [];
    expect([1, 2, 3].map((offset) => cell(header + offset, 'Exception'))).toEqual(['EXC-1', 'EXC-2', 'EXC-3']);
    expect(cell(header + 1, 'Policy id')).toBe('VMDiskEncryption');
    expect(cell(header + 1, 'Compliance')).toBe('Red');
    expect(cell(header + 1, 'Severity')).toBe('Critical');
    expect(cell(header + 1, 'Owner')).toBe('platform@example.com');
    expect(cell(header + 1, 'Approved by')).toBe('ciso@example.com');
    expect(cell(header + 1, 'Expires')).toEqual(dayDate(active?.expires));
    expect(cell(header + 1, 'Approved')).toEqual(dayDate(active?.approved));
    expect(cell(header + 1, 'Days left')).toBe(90);
    expect(cell(header + 2, 'State')).toBe('expired');
    const fill = (row: number) => risks.getCell(row, columnOf(risks, header, 'State')).fill;
    expect(fill(header + 2)).toMatchObject({ type: 'pattern', pattern: 'solid' });
    expect(fill(header + 1)).not.toMatchObject({ pattern: 'solid' });
    expect(cell(header + 2, 'Policy id')).toBe('VMJustInTimeAccess');
    expect(cell(header + 2, 'Days left')).toBe(-1);
    expect(cell(header + 2, 'Expires')).toEqual(dayDate(expired?.expires));
    expect(cell(header + 3, 'State')).toBe('unused');
    expect(cell(header + 3, 'Policy id')).toBe(unused?.policies[0]);
    expect(risks.getCell(header + 1, columnOf(risks, header, 'Expires')).numFmt).toBe('yyyy-mm-dd');
    expect(risks.getCell(rowOf(risks, 'File'), 2).value).toMatch(
      /^exceptions\.yaml · SHA-256 [0-9a-f]{64} · EXC-1, EXC-2, EXC-3$/,
    );
    expect(risks.getCell(rowOf(risks, 'Judged on'), 2).value).toEqual(dayDate(view.acceptedRisks?.judgedOn));
    // Wide enough to show that date, not ###.
    expect(risks.getColumn(2).width).toBeGreaterThanOrEqual(11);

    const summary = sheet(workbook, 'Summary');
    expect(summary.getCell(rowOf(summary, 'Accepted risks'), 2).value).toBe(
      `${view.rollup.figures.percentText} as scanned; 1 policy accepted`,
    );
    const summaryHeader = rowOf(summary, 'Benchmark');
    expect(summary.getCell(summaryHeader + 1, columnOf(summary, summaryHeader, 'Accepted policies')).value).toBe(1);
  });

  it('names the exception on the accepted policy of the Policies and Action list sheets, whose colour stays', async () => {
    const { view, options } = await sampleAccepted(10);
    const workbook = await readWorkbook(await bodyBytes(await renderXlsxView(view, options)));
    for (const name of ['Policies', 'Action list']) {
      const policies = sheet(workbook, name);
      const header = rowOf(policies, 'Benchmark');
      const id = columnOf(policies, header, 'Policy id');
      const exception = columnOf(policies, header, 'Exception');
      const accepted: [unknown, unknown, unknown, unknown][] = [];
      policies.eachRow((row, number) => {
        if (number > header && row.getCell(exception).value !== null)
          accepted.push([
            row.getCell(id).value,
            row.getCell(exception).value,
            row.getCell(columnOf(policies, header, 'Compliance')).value,
            row.getCell(columnOf(policies, header, 'Accepted until')).value,
          ]);
      });
      const [one, two] = view.acceptedRisks?.exceptions ?? [];
      expect(accepted.sort()).toEqual([
        ['VMDiskEncryption', 'EXC-1', 'Red', dayDate(one?.expires)],
        ['VMJustInTimeAccess', 'EXC-2', 'Red', dayDate(two?.expires)],
      ]);
    }
  });

  it('writes hostile exception text as text, never as a formula', async () => {
    const { view, options } = await hostileAccepted();
    const workbook = await readWorkbook(await bodyBytes(await renderXlsxView(view, options)));
    const risks = sheet(workbook, 'Accepted risks');
    const header = rowOf(risks, 'Exception');
    const reason = risks.getCell(header + 1, columnOf(risks, header, 'Reason'));
    const owner = risks.getCell(header + 1, columnOf(risks, header, 'Owner'));
    expect(reason.value).toBe(hostileReason);
    expect(reason.type).toBe(ExcelJS.ValueType.String);
    expect(owner.value).toBe("@SUM(1+1)*cmd|' /C calc'!A0");
    expect(owner.type).toBe(ExcelJS.ValueType.String);
    expect(risks.getCell(header + 1, 1).value).toBe('EXC-<i>9</i>');
  });
});
