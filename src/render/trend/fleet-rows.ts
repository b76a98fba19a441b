import type { AccountSeries, FleetRank, FleetScan, FleetTrend } from '../../model/fleet-trend.js';
import { displayPercent } from '../display-values.js';
import { oneDecimal } from '../../text/one-decimal.js';
import type { TrendRenderOptions } from './trend-renderer.js';

/** A scan's compliance percent, null where it has none (nothing assessed, or no such scan). */
export function scanPercent(scan: FleetScan | undefined): number | null {
  return scan !== undefined && scan.hasPercent ? scan.figures.percent : null;
}

/** A percent as every fleet format writes it: `71.4%`, or `n/a`. */
export const percentText = (value: number | null): string => (value === null ? 'n/a' : displayPercent(value));

/** A change as every fleet format writes it: `−3.2 points`, `+1.0 points`, `lost`, or `n/a`. */
export function changeText(change: number | null, lost = false): string {
  if (lost) return 'lost';
  if (change === null) return 'n/a';
  const text = oneDecimal(Math.abs(change));
  return Number(text) === 0 ? `±${text} points` : `${change > 0 ? '+' : '−'}${text} points`;
}

/** The accounts of the fleet, each counted once whatever its benchmarks. */
export function accountCount(fleet: FleetTrend): number {
  return new Set(fleet.series.map((series) => series.accountId)).size;
}

/** The title of a fleet document unless the caller gives one. */
export function fleetTitle(fleet: FleetTrend, options: TrendRenderOptions): string {
  return options.title ?? `Compliance trend of ${accountCount(fleet)} accounts`;
}

/** One line of a ranking: the place, its series and the percents the change is between. */
export interface RankRow {
  place: number;
  rank: FleetRank;
  series: AccountSeries;
  from: number | null;
  to: number | null;
}

/** The rows of a ranking; `since` says which scan the change is from. */
export function rankRows(fleet: FleetTrend, since: 'first' | 'previous'): RankRow[] {
  const ranks = since === 'first' ? fleet.dropsSinceFirst : fleet.dropsSincePrevious;
  return ranks.map((rank, at) => {
    const series = fleet.series[rank.series] as AccountSeries;
    const from = since === 'first' ? series.scans[0] : series.scans.at(-2);
    return {
      place: at + 1,
      rank,
      series,
      from: series.scans.length > 1 ? scanPercent(from) : null,
      to: scanPercent(series.scans.at(-1)),
    };
  });
}

/** The headings of the two rankings and what each says when it is empty. */
export const rankings = [
  {
    since: 'first',
    heading: 'Biggest drops since the first scan',
    empty: 'No account dropped since its first scan, and none was lost.',
  },
  {
    since: 'previous',
    heading: 'Biggest drops since the scan before',
    empty: 'No account dropped since its scan before, and none was lost.',
  },
] as const;

/** What a lost account is, in the words of every format. */
export const lostText = 'no scan in the latest scan folder';
