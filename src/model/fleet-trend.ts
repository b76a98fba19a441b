import type { PercentFormula } from './analysis.js';
import type { TrendExceptions, TrendOrder, TrendScan } from './trend.js';

/**
 * One scan of an account's series: a trend's scan without its categories and regressions, which a fleet does not keep.
 */
export type FleetScan = Omit<TrendScan, 'categoryPercents' | 'regressions'>;

/** The scans of one account and benchmark of a fleet, in order, and how its compliance moved. */
export interface AccountSeries {
  benchmarkId: string;
  benchmarkName: string;
  accountId: string;
  accountName: string;
  connectorType: string;
  order: TrendOrder;
  scans: FleetScan[];
  /** Latest minus first compliance percent, in points; null for one scan, or where either has no percent. */
  changeSinceFirst: number | null;
  /** Latest minus the scan before it, in points; null likewise. */
  changeSincePrevious: number | null;
  /**
   * True when the account has no scan in the folder of the fleet's latest scan: its
   * posture today is unknown, so every ranking puts it first, never among the steady.
   */
  lost: boolean;
}

/** A place in a ranking of the fleet: the series by its position in {@link FleetTrend.series}, and its change. */
export interface FleetRank {
  series: number;
  accountId: string;
  benchmarkId: string;
  /** The change ranked, in points; null when it has none (one scan, no percent, or lost). */
  change: number | null;
  lost: boolean;
}

/** Many accounts' scans: a series per account and benchmark, and the biggest drops worst first. */
export interface FleetTrend {
  kind: 'fleet';
  percentFormula: PercentFormula;
  /** Every series, by AccountId then BenchmarkId. */
  series: AccountSeries[];
  /** The folder of the fleet's latest scan, which an account must have a scan in not to be lost. */
  latestFolder: string;
  /** Series ranked by {@link AccountSeries.changeSinceFirst}: lost first, then the biggest drop (at most `top`). */
  dropsSinceFirst: FleetRank[];
  /** Series ranked by {@link AccountSeries.changeSincePrevious} likewise (at most `top`). */
  dropsSincePrevious: FleetRank[];
  /** Series that are {@link AccountSeries.lost}. */
  lost: number;
  /** What the exceptions did, as each series' latest scan judged them, when the trend was given any. */
  exceptions?: TrendExceptions;
}
