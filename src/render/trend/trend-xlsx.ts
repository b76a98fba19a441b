import type { RenderedBody } from '../../model/renderer.js';
import type { PolicyTrend, Trend, TrendScan } from '../../model/trend.js';
import { excelSerial } from '../xlsx/excel-date.js';
import type { TableColumn, TableSheet } from '../xlsx/table-sheet.js';
import { colourHeaderStyle, dateStyle } from '../xlsx/xlsx-styles.js';
import { scanLabel } from './trend-chart.js';
import { trendTitle, type TrendRenderOptions } from './trend-renderer.js';
import { renderTrendWorkbook } from './trend-workbook.js';
import { acceptedColumns, acceptedRisksSheet } from './trend-exceptions-xlsx.js';

interface ScanRow {
  scan: TrendScan;
  position: number;
}

const percentOf = (value: number | null): number | null => (value === null ? null : value / 100);

/** The scan's date as a real date cell, so that a chart of the sheet gets a time axis; its text when it is no date. */
function dateCell(scan: TrendScan): string | number | null {
  if (scan.scanDate === null) return null;
  const time = Date.parse(scan.scanDate);
  return Number.isNaN(time) ? scan.scanDate : excelSerial(new Date(time));
}

const count = (header: string, value: (scan: TrendScan) => number): TableColumn<ScanRow> => ({
  header,
  kind: 'count',
  width: { max: 10 },
  value: (row) => value(row.scan),
  ...(colourHeaderStyle.has(header) ? { headerStyle: colourHeaderStyle.get(header) } : {}),
});

/** One row per scan, in order: date, job, overall percent, counts by colour, then a column per category percent. */
function scansSheet(trend: Trend, title: string): TableSheet<ScanRow> {
  return {
    name: 'Scans',
    preamble: [
      { label: title },
      { label: 'Order', value: trend.order },
      { label: 'Percent formula', value: trend.percentFormula },
    ],
    columns: [
      {
        header: 'Scan date',
        kind: 'date',
        width: { max: 20 },
        value: (row) => dateCell(row.scan),
        style: (row) => (typeof dateCell(row.scan) === 'number' ? dateStyle : undefined),
      },
      { header: 'JobId', kind: 'text', width: { max: 40 }, value: (row) => row.scan.jobId },
      {
        header: 'Compliance %',
        kind: 'percent',
        width: { max: 14 },
        value: (row) => percentOf(row.scan.hasPercent ? row.scan.figures.percent : null),
      },
      count('Total', (scan) => scan.figures.total),
      count('Green', (scan) => scan.figures.green),
      count('Red', (scan) => scan.figures.red),
      count('Amber', (scan) => scan.figures.amber),
      count('Gray', (scan) => scan.figures.gray),
      { header: 'Regressions', kind: 'count', width: { max: 12 }, value: (row) => row.scan.regressions },
      ...acceptedColumns<ScanRow>(trend.exceptions, 'Accepted policies', (row) => row.scan.acceptedPolicies),
      ...trend.categories.map((category, at): TableColumn<ScanRow> => ({
        header: `${category.name} %`,
        kind: 'percent',
        width: { max: 24 },
        value: (row) => percentOf(row.scan.categoryPercents[at] ?? null),
      })),
      { header: 'File', kind: 'text', width: { max: 50 }, value: (row) => row.scan.source },
    ],
    rows: () => trend.scans.map((scan, position) => ({ scan, position })),
  };
}

interface PolicyRow {
  list: string;
  policy: PolicyTrend;
}

/** The policies that regressed most often, then those Red longest, one row each. */
function policiesSheet(trend: Trend): TableSheet<PolicyRow> {
  const when = (position: number | null): string | null =>
    position === null ? null : scanLabel(trend.scans[position] as TrendScan, position);
  return {
    name: 'Policies',
    columns: [
      { header: 'List', kind: 'text', width: { max: 16 }, value: (row) => row.list },
      { header: 'PolicyId', kind: 'text', width: { max: 30 }, value: (row) => row.policy.policyId },
      { header: 'Number', kind: 'text', width: { max: 10 }, value: (row) => row.policy.complianceNumber },
      { header: 'Policy', kind: 'text', width: { max: 60 }, value: (row) => row.policy.shortTitle },
      { header: 'Category', kind: 'text', width: { max: 40 }, value: (row) => row.policy.category },
      { header: 'Severity', kind: 'text', width: { max: 10 }, value: (row) => row.policy.severity },
      { header: 'Regressions', kind: 'count', width: { max: 12 }, value: (row) => row.policy.regressions },
      { header: 'Longest Red (scans)', kind: 'count', width: { max: 14 }, value: (row) => row.policy.longestRed },
      { header: 'Red from', kind: 'text', width: { max: 14 }, value: (row) => when(row.policy.longestRedFrom) },
      { header: 'Red to', kind: 'text', width: { max: 14 }, value: (row) => when(row.policy.longestRedTo) },
      { header: 'Last scan', kind: 'text', width: { max: 12 }, value: (row) => row.policy.lastCompliance },
    ],
    rows: () => [
      ...trend.regressed.map((policy) => ({ list: 'regressed', policy })),
      ...trend.longestRed.map((policy) => ({ list: 'longest Red', policy })),
    ],
  };
}

/**
 * The trend as a workbook: a Scans sheet with one row per scan (ready to chart: a date
 * column, then numbers only), and a Policies sheet. Text goes through the same cell
 * writer as the report workbooks: always a string cell, never a formula.
 */
export async function renderTrendXlsx(trend: Trend, options: TrendRenderOptions): Promise<RenderedBody> {
  const title = trendTitle(trend, options);
  return renderTrendWorkbook(title, options, async (write) => {
    await write(scansSheet(trend, title));
    await write(policiesSheet(trend));
    if (trend.exceptions !== undefined) await write(acceptedRisksSheet(trend.exceptions));
  });
}
