import type { PercentFormula } from './analysis.js';
import type { ExceptionState } from './exceptions.js';

/**
 * A policy's colour as one number in the site's data: 0 is "not in this scan", then
 * Green, Amber, Red, Gray and any other Compliance. Small numbers keep the chunks small.
 */
export const siteColours = ['', 'Green', 'Amber', 'Red', 'Gray', 'other'] as const;

/** The colour codes of {@link siteColours} that count as failing: Red, Amber and any other Compliance (fail closed). */
export const failingColourCodes: ReadonlySet<number> = new Set([2, 3, 5]);

/** Accounts whose pages share one data file: few enough that opening one account loads little. */
export const accountsPerShard = 64;

/** One scan of an account, as its page charts it. */
export interface SiteScan {
  /** LastScannedDate as stated, null when the report states none. */
  date: string | null;
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
  /** The account's key in links, stable across builds (a hash of its ids). */
  key: string;
  accountId: string;
  accountName: string;
  connector: string;
  benchmarkId: string;
  benchmarkName: string;
  /** The key of the benchmark's policies in `policies` (a hash of its id). */
  benchmarkKey: string;
  lastScan: string | null;
  percent: number | null;
  /** Latest minus the scan before, in points; null for one scan or no percent. */
  change: number | null;
  red: number;
  amber: number;
  redBySeverity: number[];
  /** Red and Amber policies of the latest scan that an exception accepts. */
  accepted: number;
  scans: number;
  /** No scan in the folder (or on the day) of the fleet's latest scan: its posture today is unknown. */
  lost: boolean;
  /** The data file that holds this account's page: `data/account/<shard>.js`. */
  shard: number;
}

/**
 * A policy of an account, its history as changes: `[scan, colour, scan, colour, …]`, a
 * pair at the first scan and one only where the colour changed.
 */
export interface SitePolicyHistory {
  /** Its position in its benchmark's {@link SiteBenchmark.policies}. */
  policy: number;
  /** Positions in {@link SiteAccountDetail.scans} and codes of {@link siteColours}, from the first scan on. */
  changes: number[];
}

/** A policy of the latest scan that an exception accepts. */
export interface SiteAcceptedPolicy {
  /** Its position in its benchmark's {@link SiteBenchmark.policies}. */
  policy: number;
  /** The exception's id. */
  exception: string;
}

/** What an account's page loads: its scans, its policies' histories and its accepted risks. */
export interface SiteAccountDetail {
  key: string;
  scans: SiteScan[];
  policies: SitePolicyHistory[];
  accepted: SiteAcceptedPolicy[];
}

/** The pages of {@link accountsPerShard} accounts, in one data file. */
export interface SiteShard {
  index: number;
  accounts: SiteAccountDetail[];
}

/** A policy of a benchmark across the fleet, as of each account's latest scan. */
export interface SiteCataloguePolicy {
  /** The policy's key in links, stable across builds (a hash of its benchmark and id). */
  key: string;
  policyId: string;
  number: string;
  title: string;
  severity: string;
  category: string;
  /** Accounts whose latest scan holds it. */
  accounts: number;
  /** Accounts whose latest scan has it Red, Amber or another failing colour. */
  failing: number;
  /** Accounts where it failed in an earlier scan and passes (Green) in the latest. */
  fixed: number;
  /** Failing accounts whose failure an exception accepts. */
  accepted: number;
}

/** A benchmark's policies: each named once for the whole site, accounts' pages refer to them by position. */
export interface SiteBenchmark {
  key: string;
  benchmarkId: string;
  benchmarkName: string;
  policies: SiteCataloguePolicy[];
}

/** An account where a policy fails now, and since when. */
export interface SitePolicyFailure {
  /** The account's row in the accounts table. */
  row: number;
  /** The colour code of the latest scan. */
  colour: number;
  /** The scan date since which it has failed without a break (the first scan of this run of failures). */
  since: string | null;
  /** The first scan date it ever failed on. */
  firstSeen: string | null;
  /** The exception that accepts it, if any. */
  exception: string | null;
}

/** An account where a policy failed once and passes now. */
export interface SitePolicyFix {
  row: number;
  /** The scan date it turned Green. */
  fixed: string | null;
}

/** What a policy's page loads: where it fails, since when, and where it was fixed. */
export interface SitePolicyPage {
  benchmarkKey: string;
  key: string;
  failing: SitePolicyFailure[];
  fixed: SitePolicyFix[];
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

/** An account in the ranking of drops, or of lost accounts. */
export type SiteDrop = Pick<
  SiteAccount,
  'key' | 'accountId' | 'accountName' | 'benchmarkName' | 'change' | 'lost' | 'lastScan'
>;

/** A policy in the overview's ranking of those failing in the most accounts. */
export type SiteWorstPolicy = Pick<
  SiteCataloguePolicy,
  'key' | 'number' | 'title' | 'severity' | 'failing' | 'accepted' | 'accounts'
> & {
  benchmarkKey: string;
  benchmarkName: string;
};

/** An exception of the run, as the overview lists it: the nearest expiry first. */
export interface SiteException {
  id: string;
  state: ExceptionState;
  owner: string;
  reason: string;
  approvedBy: string;
  expires: string;
  /** Days from the latest scan's day to the expiry: 0 on the last day, negative once expired. */
  daysLeft: number;
  ticket: string | null;
  ticketUrl: string | null;
  /** Policies of the accounts' latest scans it accepts. */
  accepted: number;
  /** Accounts in which it accepts a policy. */
  accounts: number;
}

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
  /** The accounts that dropped most since their previous scan (lost ones apart). */
  drops: SiteDrop[];
  /** Accounts whose compliance fell since their previous scan, lost ones not counted. */
  dropped: number;
  /** The lost accounts, the longest unseen first. */
  lostAccounts: SiteDrop[];
  /** The policies failing in the most accounts (accepted failures not counted), worst first. */
  worstPolicies: SiteWorstPolicy[];
  /** The run's exceptions, nearest expiry first; null when the site was built without exceptions. */
  exceptions: SiteException[] | null;
}

/** What a site is built from: made one part at a time, so that a writer holds one part at a time. */
export interface SiteModel {
  overview: SiteOverview;
  accounts: SiteAccount[];
  benchmarks: SiteBenchmark[];
  /** The shards of account pages not yet handed out. */
  shards(): Iterable<SiteShard>;
  /** A page per policy of every benchmark. */
  policyPages(): Iterable<SitePolicyPage>;
}
