import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { ViewModel } from '../../../src/model/view-model.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { cellText } from '../../../src/render/xlsx/cell-text.js';
import { renderXlsxView } from '../../../src/render/xlsx/render-xlsx.js';
import { renderers } from '../../../src/render/renderers.js';
import { columnLetter } from '../../../src/render/xlsx/column-letter.js';
import { bodyBytes, columnOf, hostileView, readWorkbook, rowOf, sheet } from './read-workbook.js';

function fillOf(cell: ExcelJS.Cell): string | undefined {
  const fill = cell.fill as ExcelJS.FillPattern | undefined;
  return fill?.fgColor?.argb;
}

describe('xlsxRenderer', () => {
  it('describes the XLSX format and renders like renderXlsxView', async () => {
    expect(renderers.xlsx).toMatchObject({
      format: 'xlsx',
      extension: 'xlsx',
      mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const view = await hostileView();
    expect(await bodyBytes(await renderers.xlsx.render(view, {}))).toEqual(
      await bodyBytes(await renderXlsxView(view, {})),
    );
  });
});

describe('the workbook of the hostile fixture, read back with exceljs', () => {
  let view: ViewModel;
  let workbook: ExcelJS.Workbook;
  beforeAll(async () => {
    view = await hostileView();
    workbook = await readWorkbook(await bodyBytes(await renderXlsxView(view, {})));
  });

  it('has the six sheets, in order', () => {
    expect(workbook.worksheets.map((worksheet) => worksheet.name)).toEqual([
      'Summary',
      'Categories',
      'Action list',
      'Policies',
      'POA&M',
      'Findings',
    ]);
  });

  it('has a row per policy and per category under a header row', () => {
    const policies = view.reports.flatMap((report) => report.categories.flatMap((category) => category.policies));
    expect(policies).toHaveLength(14);
    expect(sheet(workbook, 'Policies').rowCount).toBe(1 + policies.length);
    expect(sheet(workbook, 'Categories').rowCount).toBe(1 + 2);
  });

  it('writes every report text as a string cell with the exact text, formulas included', () => {
    const policiesSheet = sheet(workbook, 'Policies');
    const fields = ['ComplianceNumber', 'PolicyId', 'ShortTitle', 'ServiceName', 'Severity'] as const;
    const headers = ['Number', 'Policy id', 'Title', 'Service', 'Severity'];
    const policies = view.reports[0]?.categories.flatMap((category) => category.policies) ?? [];
    policies.forEach((policy, index) => {
      fields.forEach((field, position) => {
        const cell = policiesSheet.getCell(index + 2, columnOf(policiesSheet, 1, headers[position] as string));
        expect(cell.type).toBe(ExcelJS.ValueType.String);
        expect(cell.value).toBe(cellText(policy[field]));
      });
    });
    const formulaLike = policies.map((policy) => policy.ShortTitle).filter((title) => /^[=+\-@]/.test(title));
    expect(formulaLike.length).toBeGreaterThanOrEqual(4);
    for (const title of formulaLike) expect(cellText(title)).toBe(title);
  });

  it('keeps formula-like header fields as text on the Summary', () => {
    const summary = sheet(workbook, 'Summary');
    const header = rowOf(summary, 'Benchmark');
    const license = summary.getCell(header + 1, columnOf(summary, header, 'License'));
    expect(license.type).toBe(ExcelJS.ValueType.String);
    expect(license.value).toBe("=cmd|'/C calc'!A0");
    expect(summary.getCell(header + 1, 1).value).toBe('Hostile <b>Benchmark</b> & "Co"');
  });

  it('shows control characters as \\u escapes instead of dropping them', () => {
    const policiesSheet = sheet(workbook, 'Policies');
    const row = rowOf(policiesSheet, 'Hostile <b>Benchmark</b> & "Co"') + 7;
    expect(policiesSheet.getCell(row, columnOf(policiesSheet, 1, 'Title')).value).toBe(
      'Escape \\u001b[31mred\\u001b[0m, tab\tand\nnew line',
    );
  });

  it('puts the recomputed totals of the view model on the Summary', () => {
    const summary = sheet(workbook, 'Summary');
    const header = rowOf(summary, 'Benchmark');
    const figures = view.reports[0]?.figures;
    const value = (name: string): ExcelJS.CellValue =>
      summary.getCell(header + 1, columnOf(summary, header, name)).value;
    expect({
      total: value('Total'),
      green: value('Green'),
      red: value('Red'),
      amber: value('Amber'),
      gray: value('Gray'),
    }).toEqual({
      total: figures?.total,
      green: figures?.green,
      red: figures?.red,
      amber: figures?.amber,
      gray: figures?.gray,
    });
    const percent = summary.getCell(header + 1, columnOf(summary, header, 'Compliance %'));
    expect(percent.value).toBeCloseTo((figures?.percent ?? NaN) / 100, 12);
    expect(percent.numFmt).toBe('0.0%');
    expect(value('Red Critical')).toBe(
      view.reports[0]?.redBySeverity.find((entry) => entry.severity === 'Critical')?.count,
    );
  });

  it('states the percent formula and the tool on the Summary', () => {
    const summary = sheet(workbook, 'Summary');
    expect(summary.getCell(rowOf(summary, 'Compliance percent'), 2).value).toBe(view.percentFormula.description);
    expect(summary.getCell(rowOf(summary, 'Generated by'), 2).value).toBe(`${view.tool.name} ${view.tool.version}`);
  });

  it('fills colour cells in their colour, with the colour name as text', () => {
    const policiesSheet = sheet(workbook, 'Policies');
    const column = columnOf(policiesSheet, 1, 'Compliance');
    const fills = new Map<unknown, string | undefined>();
    for (let row = 2; row <= policiesSheet.rowCount; row += 1)
      fills.set(policiesSheet.getCell(row, column).value, fillOf(policiesSheet.getCell(row, column)));
    expect(Object.fromEntries(fills)).toEqual({
      Red: 'FFFFC7CE',
      Green: 'FFC6EFCE',
      Amber: 'FFFFEB9C',
      Gray: 'FFE7E6E6',
    });
    expect(fillOf(policiesSheet.getCell(1, 1))).toBe('FF1F4E78');
  });

  it('stores category percents as fractions shown with one decimal', () => {
    const categories = sheet(workbook, 'Categories');
    const column = columnOf(categories, 1, 'Compliance %');
    view.reports[0]?.categories.forEach((category, index) => {
      const cell = categories.getCell(index + 2, column);
      expect(cell.value).toBeCloseTo((category.figures.percent ?? Number.NaN) / 100, 12);
      expect(cell.numFmt).toBe('0.0%');
    });
  });

  it('sets an auto-filter over each table and freezes the header rows, but for the Summary', () => {
    const summaryHeader = rowOf(sheet(workbook, 'Summary'), 'Benchmark');
    const expected: Record<string, { ySplit: number | null; filter: string }> = {
      Summary: { ySplit: null, filter: `A${summaryHeader}:X${summaryHeader + 1}` },
      Categories: { ySplit: 1, filter: 'A1:M3' },
      'Action list': { ySplit: 4, filter: 'A4:L11' },
      Policies: { ySplit: 1, filter: 'A1:M15' },
      Findings: { ySplit: 1, filter: 'A1:G2' },
    };
    for (const [name, { ySplit, filter }] of Object.entries(expected)) {
      const worksheet = sheet(workbook, name);
      if (ySplit === null) expect(JSON.stringify(worksheet.views)).not.toContain('frozen');
      else expect(worksheet.views[0]).toMatchObject({ state: 'frozen', ySplit });
      expect(worksheet.autoFilter).toBe(filter);
    }
  });

  it('fits column widths to the content, within bounds', () => {
    const policiesSheet = sheet(workbook, 'Policies');
    const title = policiesSheet.getColumn(columnOf(policiesSheet, 1, 'Title')).width;
    const number = policiesSheet.getColumn(columnOf(policiesSheet, 1, 'Number')).width;
    expect(title).toBe(48);
    expect(number).toBeGreaterThanOrEqual(9);
    expect(number).toBeLessThan(16);
  });

  it('says so in a row when there are no findings', () => {
    const findings = sheet(workbook, 'Findings');
    expect(findings.rowCount).toBe(2);
    expect(findings.getCell(2, 1).value).toBe('none');
    expect(findings.getCell(2, columnOf(findings, 1, 'Message')).value).toBe(
      'No findings: the reports passed every check.',
    );
  });
});

describe('the Findings sheet of a report with findings', () => {
  it('lists each finding with severity, rule, file, pointer and message', async () => {
    const view = await hostileView((document) => {
      const category = (document.result[0]?.['ResourceCategories'] as Record<string, unknown>[])[0] as Record<
        string,
        unknown
      >;
      category['Total'] = 9;
    });
    expect(view.findings.length).toBeGreaterThan(0);
    const findings = sheet(await readWorkbook(await bodyBytes(await renderXlsxView(view, {}))), 'Findings');
    expect(findings.rowCount).toBe(1 + view.findings.length);
    const first = view.findings[0];
    const row = findings.getRow(2).values as ExcelJS.CellValue[];
    expect(row.slice(1, 6)).toEqual([
      first?.severity,
      first?.rule,
      'hostile-copy.json',
      first?.pointer,
      first?.message,
    ]);
    expect(fillOf(findings.getCell(2, 1))).toBe(first?.severity === 'error' ? 'FFFFC7CE' : 'FFFFEB9C');
  });
});

describe('a workbook of several reports', () => {
  it('ends the Summary with a roll-up row that matches the view model', async () => {
    const view = buildViewModel(await analyseInputs('samples/azure-multi-benchmark.json'));
    expect(view.reports.length).toBeGreaterThan(1);
    const summary = sheet(await readWorkbook(await bodyBytes(await renderXlsxView(view, {}))), 'Summary');
    const header = rowOf(summary, 'Benchmark');
    const rollup = rowOf(summary, `All ${view.reports.length} reports`);
    expect(rollup).toBe(header + view.reports.length + 2);
    expect(summary.getCell(rollup, columnOf(summary, header, 'Total')).value).toBe(view.rollup.figures.total);
    expect(summary.getCell(rollup, columnOf(summary, header, 'Red')).value).toBe(view.rollup.figures.red);
    expect(summary.getCell(rollup, columnOf(summary, header, 'Compliance %')).value).toBeCloseTo(
      (view.rollup.figures.percent ?? Number.NaN) / 100,
      12,
    );
    const lastColumn = columnLetter(summary.getRow(header).cellCount);
    expect(summary.autoFilter).toBe(`A${header}:${lastColumn}${header + view.reports.length}`);
  });
});
