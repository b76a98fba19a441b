import type { AccountSeries, FleetTrend } from '../../model/fleet-trend.js';
import { displayCount, displayInstant } from '../display-values.js';
import {
  accountCount,
  changeText,
  fleetTitle,
  lostText,
  percentText,
  rankings,
  rankRows,
  scanPercent,
} from './fleet-rows.js';
import { scanLabel } from './trend-chart.js';
import { renderTrendPage, type TrendPageHead } from './trend-page.js';
import type { TrendRenderOptions } from './trend-renderer.js';
import { acceptedText, trendExceptionsView, type TrendExceptionsView } from './trend-exceptions-view.js';

/** What the fleet trend page's template (fleet-trend-page.hbs) draws. */
interface FleetTrendPageView extends TrendPageHead {
  rankings: {
    heading: string;
    empty: string;
    /** The column of the percent the change is from: `First` or `Previous`. */
    since: string;
    rows: {
      place: number;
      account: string;
      benchmarkId: string;
      from: string;
      to: string;
      change: string;
      lost: boolean;
    }[];
  }[];
  series: {
    account: string;
    benchmarkId: string;
    scans: string;
    latest: string;
    percents: string;
    sinceFirst: string;
    sincePrevious: string;
    /** Policies accepted in the series' latest scan, when the trend has exceptions. */
    accepted: string;
    lost: boolean;
    lostText: string;
  }[];
  /** True when the trend has exceptions: each series then shows its latest scan's accepted policies. */
  acceptedColumn: boolean;
  /** The accepted risks, when the trend has exceptions. */
  exceptions?: TrendExceptionsView;
}

/** An account as the fleet trend page names it: `name (id)`. */
const accountText = (series: AccountSeries): string => `${series.accountName} (${series.accountId})`;

function seriesRow(series: AccountSeries): FleetTrendPageView['series'][number] {
  const last = series.scans.at(-1);
  return {
    account: accountText(series),
    benchmarkId: series.benchmarkId,
    scans: displayCount(series.scans.length),
    latest: last === undefined ? '' : scanLabel(last, series.scans.length - 1),
    percents: series.scans.map((scan) => percentText(scanPercent(scan))).join(' → '),
    sinceFirst: changeText(series.changeSinceFirst),
    sincePrevious: changeText(series.changeSincePrevious),
    accepted: acceptedText(last?.acceptedPolicies),
    lost: series.lost,
    lostText: series.lost ? `lost: ${lostText}` : '',
  };
}

function fleetTrendPageView(fleet: FleetTrend, options: TrendRenderOptions): FleetTrendPageView {
  const meta = [
    `${displayCount(accountCount(fleet))} accounts`,
    `${displayCount(fleet.series.length)} series (account and benchmark)`,
    `${displayCount(fleet.lost)} lost`,
    `latest scan folder: ${fleet.latestFolder}`,
    `percent: ${fleet.percentFormula}`,
    ...(options.now ? [`generated ${displayInstant(options.now)}`] : []),
  ];
  return {
    title: fleetTitle(fleet, options),
    eyebrow: 'Fleet compliance trend',
    meta: meta.join(' · '),
    rankings: rankings.map(({ since, heading, empty }) => ({
      heading,
      empty,
      since: since === 'first' ? 'First' : 'Previous',
      rows: rankRows(fleet, since).map(({ place, rank, series, from, to }) => ({
        place,
        account: accountText(series),
        benchmarkId: series.benchmarkId,
        from: percentText(from),
        to: percentText(to),
        change: changeText(rank.change, rank.lost),
        lost: rank.lost,
      })),
    })),
    series: fleet.series.map(seriesRow),
    acceptedColumn: fleet.exceptions !== undefined,
    ...(fleet.exceptions === undefined ? {} : { exceptions: trendExceptionsView(fleet.exceptions) }),
  };
}

/**
 * A fleet's trend as one self-contained HTML page (templates/fleet-trend-page.hbs): the
 * two rankings of drops, then every account's series; no script, no external resource.
 */
export function renderFleetHtml(fleet: FleetTrend, options: TrendRenderOptions = {}): string {
  return renderTrendPage('fleet-trend-page', fleetTrendPageView(fleet, options), options);
}
