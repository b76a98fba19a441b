import type { RenderedBody } from '../../model/renderer.js';
import type { AccountSeries, FleetScan, FleetTrend } from '../../model/fleet-trend.js';
import { excelSerial } from '../xlsx/excel-date.js';
import type { TableSheet } from '../xlsx/table-sheet.js';
import { dateStyle } from '../xlsx/xlsx-styles.js';
import { fleetTitle, lostText, rankings, rankRows, scanPercent, type RankRow } from './fleet-rows.js';
import type { TrendRenderOptions } from './trend-renderer.js';
import { acceptedColumns, acceptedRisksSheet } from './trend-exceptions-xlsx.js';
import { renderTrendWorkbook } from './trend-workbook.js';

const percentOf = (value: number | null): number | null => (value === null ? null : value / 100);

/** The scan's date as a real date cell, so that a chart of the sheet gets a time axis; its text when it is no date. */
function dateCell(scan: FleetScan | undefined): string | number | null {
  if (scan === undefined || scan.scanDate === null) return null;
  const time = Date.parse(scan.scanDate);
  return Number.isNaN(time) ? scan.scanDate : excelSerial(new Date(time));
}

/** Both rankings, one row per place, the ranking named in the first column. */
function dropsSheet(fleet: FleetTrend, title: string): TableSheet<RankRow & { ranking: string }> {
  return {
    name: 'Drops',
    preamble: [
      { label: title },
      { label: 'Percent formula', value: fleet.percentFormula },
      { label: 'Latest scan folder', value: fleet.latestFolder },
    ],
    columns: [
      { header: 'Ranking', kind: 'text', width: { max: 40 }, value: (row) => row.ranking },
      { header: 'Place', kind: 'count', width: { max: 8 }, value: (row) => row.place },
      { header: 'AccountId', kind: 'text', width: { max: 40 }, value: (row) => row.series.accountId },
      { header: 'Account', kind: 'text', width: { max: 40 }, value: (row) => row.series.accountName },
      { header: 'BenchmarkId', kind: 'text', width: { max: 30 }, value: (row) => row.series.benchmarkId },
      { header: 'From %', kind: 'percent', width: { max: 10 }, value: (row) => percentOf(row.from) },
      { header: 'Latest %', kind: 'percent', width: { max: 10 }, value: (row) => percentOf(row.to) },
      { header: 'Change (points)', kind: 'percent', width: { max: 16 }, value: (row) => percentOf(row.rank.change) },
      { header: 'Lost', kind: 'text', width: { max: 36 }, value: (row) => (row.rank.lost ? lostText : null) },
    ],
    rows: () =>
      rankings.flatMap(({ since, heading }) => rankRows(fleet, since).map((row) => ({ ...row, ranking: heading }))),
  };
}

/** One row per account and benchmark: its first, previous and latest percent and the changes. */
function accountsSheet(fleet: FleetTrend): TableSheet<AccountSeries> {
  return {
    name: 'Accounts',
    columns: [
      { header: 'AccountId', kind: 'text', width: { max: 40 }, value: (series) => series.accountId },
      { header: 'Account', kind: 'text', width: { max: 40 }, value: (series) => series.accountName },
      { header: 'BenchmarkId', kind: 'text', width: { max: 30 }, value: (series) => series.benchmarkId },
      { header: 'Scans', kind: 'count', width: { max: 8 }, value: (series) => series.scans.length },
      {
        header: 'Latest scan',
        kind: 'date',
        width: { max: 20 },
        value: (series) => dateCell(series.scans.at(-1)),
        style: (series) => (typeof dateCell(series.scans.at(-1)) === 'number' ? dateStyle : undefined),
      },
      {
        header: 'First %',
        kind: 'percent',
        width: { max: 10 },
        value: (series) => percentOf(scanPercent(series.scans[0])),
      },
      {
        header: 'Previous %',
        kind: 'percent',
        width: { max: 10 },
        value: (series) => percentOf(series.scans.length > 1 ? scanPercent(series.scans.at(-2)) : null),
      },
      {
        header: 'Latest %',
        kind: 'percent',
        width: { max: 10 },
        value: (series) => percentOf(scanPercent(series.scans.at(-1))),
      },
      {
        header: 'Since first (points)',
        kind: 'percent',
        width: { max: 18 },
        value: (series) => percentOf(series.changeSinceFirst),
      },
      {
        header: 'Since previous (points)',
        kind: 'percent',
        width: { max: 20 },
        value: (series) => percentOf(series.changeSincePrevious),
      },
      ...acceptedColumns<AccountSeries>(
        fleet.exceptions,
        'Accepted (latest scan)',
        (series) => series.scans.at(-1)?.acceptedPolicies,
      ),
      { header: 'Lost', kind: 'text', width: { max: 36 }, value: (series) => (series.lost ? lostText : null) },
    ],
    rows: () => fleet.series,
  };
}

/** One row per scan of every account, in each account's order: ready to chart per account. */
function scansSheet(fleet: FleetTrend): TableSheet<{ series: AccountSeries; scan: FleetScan }> {
  return {
    name: 'Scans',
    columns: [
      { header: 'AccountId', kind: 'text', width: { max: 40 }, value: (row) => row.series.accountId },
      { header: 'BenchmarkId', kind: 'text', width: { max: 30 }, value: (row) => row.series.benchmarkId },
      {
        header: 'Scan date',
        kind: 'date',
        width: { max: 20 },
        value: (row) => dateCell(row.scan),
        style: (row) => (typeof dateCell(row.scan) === 'number' ? dateStyle : undefined),
      },
      { header: 'JobId', kind: 'text', width: { max: 40 }, value: (row) => row.scan.jobId },
      { header: 'Compliance %', kind: 'percent', width: { max: 14 }, value: (row) => percentOf(scanPercent(row.scan)) },
      { header: 'Green', kind: 'count', width: { max: 10 }, value: (row) => row.scan.figures.green },
      { header: 'Red', kind: 'count', width: { max: 10 }, value: (row) => row.scan.figures.red },
      { header: 'Amber', kind: 'count', width: { max: 10 }, value: (row) => row.scan.figures.amber },
      { header: 'Gray', kind: 'count', width: { max: 10 }, value: (row) => row.scan.figures.gray },
      ...acceptedColumns<{ scan: FleetScan }>(
        fleet.exceptions,
        'Accepted policies',
        (row) => row.scan.acceptedPolicies,
      ),
      { header: 'File', kind: 'text', width: { max: 50 }, value: (row) => row.scan.source },
    ],
    rows: () => fleet.series.flatMap((series) => series.scans.map((scan) => ({ series, scan }))),
  };
}

/**
 * A fleet's trend as a workbook: the Drops sheet (both rankings, worst first), an
 * Accounts sheet (a row per account and benchmark) and a Scans sheet (a row per scan).
 * Changes in points are written as fractions of 100 in percent cells (−3.2 points
 * reads −3.2 %), so that they sort and chart as numbers.
 */
export async function renderFleetXlsx(fleet: FleetTrend, options: TrendRenderOptions): Promise<RenderedBody> {
  const title = fleetTitle(fleet, options);
  return renderTrendWorkbook(title, options, async (write) => {
    await write(dropsSheet(fleet, title));
    await write(accountsSheet(fleet));
    await write(scansSheet(fleet));
    if (fleet.exceptions !== undefined) await write(acceptedRisksSheet(fleet.exceptions));
  });
}
