import type { Analysis, AnalyseOptions, Figures, PercentFormula } from './analysis.js';
import type { ExceptionsRecord } from './exceptions.js';

/**
 * The formats of `trend` by name, as keys: filled in from the output formats' registry
 * (src/render/formats/format-views.ts) by declaration merging, like DocumentFormats.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the registry (declaration merging)
export interface TrendFormats {}

/** A format of `trend`. */
export type TrendFormat = keyof TrendFormats & string;

/**
 * How the scans of a trend were put in order: by LastScannedDate when every scan states
 * one, else by JobId when every scan has one, else in the order the files were given.
 */
export type TrendOrder = 'scan-date' | 'job-id' | 'input';

/** A resource category of the trend, matched across scans by CategoryId, else by name. */
export interface TrendCategory {
  id: string;
  name: string;
}

/** One scan of a trend: where it was read, which job it is and its figures. */
export interface TrendScan {
  source: string;
  /** RFC 6901 pointer of the report in its document. */
  pointer: string;
  jobId: string;
  /** LastScannedDate as the report states it, when it does. */
  scanDate: string | null;
  figures: Figures;
  /** False when nothing was assessed: `figures.percent` is then no figure (n/a). */
  hasPercent: boolean;
  /** Compliance percent per category of {@link Trend.categories}, null where the scan has none. */
  categoryPercents: (number | null)[];
  /** Policies that got worse since the scan before; null for the first scan. */
  regressions: number | null;
  /**
   * Red and Amber policies of the scan that an exception accepted on the scan's day; only in a trend given exceptions.
   * The figures stay as scanned: this count is shown beside them, never taken from them.
   */
  acceptedPolicies?: number;
}

/**
 * What a trend records of its exceptions: each file with its SHA-256, every exception as the latest scan judged it
 * (the states a run warns of), and the ids that accepted a policy in any scan of the trend.
 */
export interface TrendExceptions extends ExceptionsRecord {
  /** The day the latest scan was judged on, `YYYY-MM-DD`: its LastScannedDate, else the run's day. */
  judgedOn: string;
  /** A sentence per exception expired, expiring, unused or unneeded in the latest scan, the one to act on first. */
  warnings: string[];
}

/** What the trend kept of one policy across the scans. */
export interface PolicyTrend {
  policyId: string;
  complianceNumber: string;
  shortTitle: string;
  severity: string;
  category: string;
  /** Times it got worse (Green → Amber → Red) from one scan to the next. */
  regressions: number;
  /** The most consecutive scans it was Red in. */
  longestRed: number;
  /** Positions in {@link Trend.scans} of the first and last scan of that streak; null when never Red. */
  longestRedFrom: number | null;
  longestRedTo: number | null;
  /** Its colour in the last scan, null when the last scan does not have it. */
  lastCompliance: string | null;
}

/** Many scans of one account and benchmark, in order, with the policies that fared worst. */
export interface Trend {
  benchmarkId: string;
  benchmarkName: string;
  accountId: string;
  accountName: string;
  connectorType: string;
  percentFormula: PercentFormula;
  order: TrendOrder;
  /** True when some scan names another account or benchmark (kept by `allowMismatch`). */
  mismatched: boolean;
  categories: TrendCategory[];
  scans: TrendScan[];
  /** Distinct policies across the scans. */
  policies: number;
  /** Policies that regressed most often, most first (at most `top`). */
  regressed: PolicyTrend[];
  /** Policies Red for the most consecutive scans, longest first (at most `top`). */
  longestRed: PolicyTrend[];
  /** What the exceptions did, when the trend was given any. */
  exceptions?: TrendExceptions;
}

/**
 * The trend, or the first input that did not check: a trend is never drawn over an
 * input whose reports could not be trusted.
 */
export type TrendOutcome = { status: 'ok'; trend: Trend } | { status: 'invalid'; source: string; analysis: Analysis };

/** Options of the trend. */
export interface TrendOptions extends AnalyseOptions {
  /** In a file of several reports, take the one of this BenchmarkId (or BenchmarkName). */
  benchmark?: string;
  /** In a file of several reports, take the one of this AccountId (or AccountName). */
  account?: string;
  /** Keep scans of another account or benchmark than the first; off by default. */
  allowMismatch?: boolean;
  /** The lowest finding severity that makes an input invalid (default `error`). */
  failOn?: 'error' | 'warning' | 'never';
  /** How many policies each list keeps (default 10). */
  top?: number;
  /** Called with each text just before it is parsed (see LoadOptions). */
  beforeParse?: (text: string) => void | Promise<void>;
}
