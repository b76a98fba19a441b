import type { RenderedBody } from '../../model/renderer.js';
import type { AccountSeries, FleetTrend } from '../../model/fleet-trend.js';
import { displayCount, displayInstant } from '../display-values.js';
import { heading } from '../pdf/blocks.js';
import { drawTable, type Column } from '../pdf/table.js';
import { sizes } from '../pdf/theme.js';
import {
  accountCount,
  changeText,
  fleetTitle,
  lostText,
  percentText,
  rankings,
  rankRows,
  scanPercent,
  type RankRow,
} from './fleet-rows.js';
import { scanLabel } from './trend-chart.js';
import { beginTrendPdf } from './trend-pdf.js';
import { drawTrendExceptions } from './trend-exceptions-pdf.js';
import { acceptedText } from './trend-exceptions-view.js';
import type { TrendRenderOptions } from './trend-renderer.js';

const accountName = (series: AccountSeries): string => `${series.accountName} (${series.accountId})`;

function rankColumns(since: 'first' | 'previous'): Column<RankRow>[] {
  return [
    { header: '#', width: 30, align: 'right', text: (row) => String(row.place) },
    { header: 'Account', width: 300, text: (row) => accountName(row.series) },
    { header: 'Benchmark', width: 180, text: (row) => row.series.benchmarkId },
    {
      header: since === 'first' ? 'First' : 'Previous',
      width: 70,
      align: 'right',
      text: (row) => percentText(row.from),
    },
    { header: 'Latest', width: 70, align: 'right', text: (row) => percentText(row.to) },
    {
      header: 'Change',
      width: 90,
      align: 'right',
      text: (row) => changeText(row.rank.change, row.rank.lost),
      chip: (row) => (row.rank.lost ? 'Red' : null),
    },
  ];
}

function seriesColumns(withAccepted: boolean): Column<AccountSeries>[] {
  return [
    // The accepted column takes its room from the account's, so that the table keeps its width.
    { header: 'Account', width: withAccepted ? 165 : 220, text: accountName },
    { header: 'Benchmark', width: 130, text: (series) => series.benchmarkId },
    { header: 'Scans', width: 40, align: 'right', text: (series) => displayCount(series.scans.length) },
    {
      header: 'Latest scan',
      width: 70,
      text: (series) => scanLabel(series.scans.at(-1) ?? { scanDate: null, jobId: '' }, series.scans.length - 1),
    },
    { header: 'First', width: 55, align: 'right', text: (series) => percentText(scanPercent(series.scans[0])) },
    { header: 'Latest', width: 55, align: 'right', text: (series) => percentText(scanPercent(series.scans.at(-1))) },
    { header: 'Since first', width: 75, align: 'right', text: (series) => changeText(series.changeSinceFirst) },
    { header: 'Since previous', width: 75, align: 'right', text: (series) => changeText(series.changeSincePrevious) },
    ...(withAccepted
      ? [
          {
            header: 'Accepted',
            width: 55,
            align: 'right' as const,
            text: (series: AccountSeries) => acceptedText(series.scans.at(-1)?.acceptedPolicies),
          },
        ]
      : []),
    {
      header: 'Lost',
      width: 40,
      text: (series) => (series.lost ? 'lost' : ''),
      chip: (series) => (series.lost ? 'Red' : null),
    },
  ];
}

/**
 * A fleet's trend as a PDF on landscape A4: the two rankings of drops, worst first,
 * then a row per account and benchmark. Same fleet and options give the same bytes
 * unless `now` is set.
 */
export async function renderFleetPdf(fleet: FleetTrend, options: TrendRenderOptions): Promise<RenderedBody> {
  const { canvas, finish } = beginTrendPdf(fleetTitle(fleet, options), options);
  canvas.paragraph(
    `${displayCount(accountCount(fleet))} accounts; ${displayCount(fleet.series.length)} series (account and benchmark); ${displayCount(fleet.lost)} lost (${lostText}: ${fleet.latestFolder}); percent: ${fleet.percentFormula}` +
      (options.now ? `; generated ${displayInstant(options.now)}` : ''),
    { size: sizes.body, colour: 'muted' },
    8,
  );
  for (const { since, heading: name, empty } of rankings) {
    heading(canvas, name, 2, 60);
    const rows = rankRows(fleet, since);
    if (rows.length === 0) canvas.paragraph(empty);
    else drawTable(canvas, rankColumns(since), rows, { continued: `${name} (continued)` });
    canvas.onPageBreak = null;
    canvas.y += 10;
  }
  heading(canvas, 'Every account', 2, 60);
  drawTable(canvas, seriesColumns(fleet.exceptions !== undefined), fleet.series, {
    continued: 'Every account (continued)',
  });
  canvas.onPageBreak = null;
  if (fleet.exceptions !== undefined) drawTrendExceptions(canvas, fleet.exceptions);
  return finish();
}
