import type { PercentFormula } from './analysis.js';

/**
 * A policy's colour as one number in the site's data: 0 is "not in this scan", then
 * Green, Amber, Red, Gray and any other Compliance. Small numbers keep the chunks small.
 */
export const siteColours = ['', 'Green', 'Amber', 'Red', 'Gray', 'other'] as const;

/** One scan of an account, as its page charts it. */
export interface SiteScan {
  /** LastScannedDate as stated, null when the report states none. */
  date: string | null;
  jobId: string;
  /** Compliance percent, null when nothing was assessed (n/a). */
  percent: number | null;
  green: number;
  amber: number;
  red: number;
  gray: number;
  other: number;
  /** Red policies by severity, in the order of {@link SiteOverview.severities}. */
  redBySeverity: number[];
}

/** One row of the accounts table: an account and benchmark, as of its latest scan. */
export interface SiteAccount {
  /** The name of the account's data chunk, stable across builds (a hash of its ids). */
  key: string;
  accountId: string;
  accountName: string;
  connector: string;
  benchmarkId: string;
  benchmarkName: string;
  lastScan: string | null;
  percent: number | null;
  /** Latest minus the scan before, in points; null for one scan or no percent. */
  change: number | null;
  red: number;
  amber: number;
  redBySeverity: number[];
  scans: number;
  /** No scan in the folder of the fleet's latest scan: its posture today is unknown. */
  lost: boolean;
}

/** A policy of an account, its history as changes: `[scan, colour, scan, colour, …]`, a pair only where it changed. */
export interface SitePolicy {
  policyId: string;
  number: string;
  title: string;
  severity: string;
  category: string;
  /** Positions in {@link SiteAccountDetail.scans} and codes of {@link siteColours}, from the first scan on. */
  changes: number[];
}

/** What an account's page loads: its scans and its policies' histories. */
export interface SiteAccountDetail {
  key: string;
  scans: SiteScan[];
  policies: SitePolicy[];
}

/** One day of the fleet: every account's latest scan on or before it, pooled. */
export interface SiteFleetDay {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  percent: number | null;
  /** Accounts with a scan on or before this day. */
  accounts: number;
  redBySeverity: number[];
}

/** Accounts of one connector and benchmark, as of their latest scans. */
export interface SiteGroup {
  connector: string;
  benchmarkName: string;
  accounts: number;
  percent: number | null;
  red: number;
}

/** An account in the ranking of drops. */
export type SiteDrop = Pick<SiteAccount, 'key' | 'accountId' | 'accountName' | 'benchmarkName' | 'change' | 'lost'>;

/** What the overview page loads. */
export interface SiteOverview {
  title: string;
  percentFormula: PercentFormula;
  /** The severities every `redBySeverity` counts, worst first, then others by name. */
  severities: string[];
  accounts: number;
  lost: number;
  /** The latest scan date of the fleet, `YYYY-MM-DD`, null when no scan states one. */
  latest: string | null;
  /** The fleet day by day, over the scans that state a date. */
  days: SiteFleetDay[];
  groups: SiteGroup[];
  /** The accounts that dropped most since their previous scan, lost ones first. */
  drops: SiteDrop[];
}

/** What a site is built from: the overview, the accounts table and each account's page, made one at a time. */
export interface SiteModel {
  overview: SiteOverview;
  accounts: SiteAccount[];
  details(): Iterable<SiteAccountDetail>;
}
