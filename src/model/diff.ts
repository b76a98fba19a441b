import type { Figures, PercentFormula, SeverityCount } from './analysis.js';
import type { PolicyAcceptance, RiskException } from './exceptions.js';

/**
 * What became of one policy between two scans. A colour outside the observed set counts
 * as Red (it could be), Gray as not assessed.
 * - `regression`: assessed both times, to a worse colour (Green → Amber → Red);
 * - `new-failure`: failing (Red, Amber) in the new scan and not assessed (Gray) or not
 *   there at all in the old one: a failure nobody saw before;
 * - `fix`: assessed both times, to a better colour;
 * - `coverage`: to or from Gray otherwise: the scan began assessing a policy that passes,
 *   or stopped assessing one;
 * - `added`: in the new scan only, and not failing;
 * - `removed`: in the old scan only.
 */
export type PolicyChangeKind = 'regression' | 'new-failure' | 'fix' | 'coverage' | 'added' | 'removed';

/** The kinds of change in the order every format lists them. */
export const policyChangeKinds: readonly PolicyChangeKind[] = [
  'regression',
  'new-failure',
  'fix',
  'coverage',
  'added',
  'removed',
];

/** How a policy of the new scan was found in the old one. */
export type PolicyMatch = 'PolicyId' | 'ComplianceNumber+ShortTitle';

/** One side of a changed policy: its colour and resources in that scan. */
export interface PolicySide {
  compliance: string;
  passedResources: number;
  totalResources: number;
}

/** A policy whose colour changed, or that is in one scan only. */
export interface PolicyChange {
  kind: PolicyChangeKind;
  policyId: string;
  complianceNumber: string;
  shortTitle: string;
  serviceName: string;
  /** Severity in the new scan (in the old one for a removed policy). */
  severity: string;
  /** The category it is in: the new scan's (the old one's for a removed policy). */
  category: { id: string; name: string };
  old: PolicySide | null;
  new: PolicySide | null;
  /** How it was paired; absent for added and removed policies. */
  matchedBy?: PolicyMatch;
  /**
   * The exception the new scan accepts this failing policy under (a diff given exceptions):
   * a regression or new failure so marked is listed, and never counts as a regression.
   */
  accepted?: PolicyAcceptance;
  /**
   * The exception that accepted this policy in the old scan and accepts it no more in the
   * new one (it expired in between): the policy fails again, so the change is a regression
   * even when its colour stayed the same.
   */
  noLongerAccepted?: LapsedAcceptance;
}

/** An exception that accepted a policy in the old scan and no longer does in the new one. */
export interface LapsedAcceptance {
  /** The exception's id (`EXC-2026-014`). */
  id: string;
  /** Its last day, `YYYY-MM-DD`: before the new scan's day when it expired in between. */
  expires: string;
  owner: string;
  /** True when it had expired by the new scan's day; false when it no longer covers the policy. */
  expired: boolean;
}

/**
 * Resources of one policy that fail (or are muted) in the new scan and did not in the old
 * one, as reports built from a scanner's results list them (`FailedResources`): a check
 * that failed both times can still fail on a resource it passed before.
 */
export interface ResourceRegression {
  policyId: string;
  complianceNumber: string;
  shortTitle: string;
  /** Severity in the new scan. */
  severity: string;
  /** The category it is in, in the new scan. */
  category: { id: string; name: string };
  /** The policy's change when its colour changed too; absent when it failed both times. */
  kind?: PolicyChangeKind;
  /** The exception the new scan accepts the policy under (a diff given exceptions). */
  accepted?: PolicyAcceptance;
  /** The resources, in the new scan's order. */
  resources: string[];
}

/** Figures of one side, or null where that side has none (an added or removed category). */
export interface FiguresChange {
  old: Figures | null;
  new: Figures | null;
  /** True when each side that has figures has a compliance percent (something assessed). */
  oldHasPercent: boolean;
  newHasPercent: boolean;
  /** New minus old compliance percent, in points; null unless both sides have a percent. */
  percentDelta: number | null;
  /** New minus old passed resources; null unless both sides exist. */
  passedResourcesDelta: number | null;
}

/** A category of either scan, matched by CategoryId, else by name. */
export interface CategoryChange extends FiguresChange {
  id: string;
  name: string;
  status: 'matched' | 'added' | 'removed';
  /** Changed policies whose category (see {@link PolicyChange.category}) this is, by kind. */
  changes: Record<PolicyChangeKind, number>;
}

/** One scan of a paired report: where it was read and which job it is. */
export interface ScanRef {
  source: string;
  /** RFC 6901 pointer of the report in its document. */
  pointer: string;
  jobId: string;
  /** LastScannedDate as the report states it, when it does. */
  scanDate: string | null;
}

/** Two scans of one benchmark of one account, compared. */
export interface ReportDiff {
  benchmarkId: string;
  benchmarkName: string;
  accountId: string;
  accountName: string;
  connectorType: string;
  old: ScanRef;
  new: ScanRef;
  /** True when the two reports name another account or benchmark (paired by --allow-mismatch). */
  mismatched: boolean;
  overall: FiguresChange;
  categories: CategoryChange[];
  /** Regressions first (worst severity first), then fixes, coverage changes, added, removed. */
  changes: PolicyChange[];
  counts: Record<PolicyChangeKind, number> & { unchanged: number };
  /**
   * Policies with resources failing now that did not before, worst severity first:
   * present when either scan was built from a scanner's results (its policies list
   * their failing resources), absent for the service's reports.
   */
  newlyFailingResources?: ResourceRegression[];
}

/**
 * A report of one side that no report of the other side pairs with: of the old side, a
 * benchmark the new scan lost; of the new side, one it gained, whose failing policies
 * are all new failures.
 */
export interface UnpairedReport {
  side: 'old' | 'new';
  source: string;
  pointer: string;
  benchmarkId: string;
  accountId: string;
  jobId: string;
  /** Policies in the report. */
  policies: number;
  /**
   * Failing policies (Red, Amber, or of an unknown Compliance) by Severity, only the severities that have one; of a
   * diff given exceptions, less those the new scan accepts.
   */
  failing: SeverityCount[];
  /** Of the new side, in a diff given exceptions: the failing policies the new scan accepts, by Severity. */
  accepted?: SeverityCount[];
}

/**
 * One account of a comparison of many: how its compliance and policies changed over
 * its compared reports, or that one input has none of its reports.
 * - `lost`: only the old input has its reports: its posture now is unknown;
 * - `added`: only the new input has its reports;
 * - `compared`: at least one of its reports is on both sides.
 */
export interface AccountChange {
  accountId: string;
  accountName: string;
  status: 'compared' | 'lost' | 'added';
  /** Its reports compared (one per benchmark both inputs have). */
  compared: number;
  /** Its benchmark reports only the old input has: lost by the later scan. */
  lostReports: number;
  /** Its benchmark reports only the new input has. */
  addedReports: number;
  /**
   * The biggest fall (lowest new minus old percent, in points) of its compared reports; null when none has a percent
   * both times.
   */
  percentDelta: number | null;
  /**
   * Regressions and new failures over its compared reports, and failing policies of its reports only the new input
   * has; of a diff given exceptions, less those the new scan accepts.
   */
  regressions: number;
  /**
   * Of a diff given exceptions: its regressions, new failures and failing policies of added reports that the new
   * scan accepts, left out of `regressions` (and so of the ranking) as the verdict leaves them out.
   */
  accepted?: number;
}

/** Every paired report of two inputs compared, and what could not be paired. */
export interface DiffResult {
  percentFormula: PercentFormula;
  /** The inputs as given: old first. */
  inputs: { old: string[]; new: string[] };
  reports: ReportDiff[];
  unpaired: UnpairedReport[];
  /** Changes over every paired report, by kind. */
  counts: Record<PolicyChangeKind, number> & { unchanged: number };
  /**
   * Resources failing now that did not before, over every paired report that lists its
   * failing resources (see {@link ReportDiff.newlyFailingResources}); absent when none does.
   */
  newlyFailingResources?: number;
  /**
   * Every account, worst first (see rankAccounts), when the inputs hold more than one
   * account: lost accounts, then accounts that lost a benchmark report, then those whose
   * change has no figure, then the biggest fall in compliance percent (more regressions
   * first on a tie), then added accounts. Absent for a comparison of one account.
   */
  accounts?: AccountChange[];
}

/** Options of the comparison. */
export interface DiffOptions {
  /**
   * Pair reports of another account or benchmark: one report on each side is compared
   * whatever it names, several are paired by position. Off by default: comparing two
   * accounts' scans is a mistake that would read as a flood of changes.
   */
  allowMismatch?: boolean;
  /**
   * Accepted risks, judged on each side: the new scan on `today`, each old report on the
   * day it was scanned (its LastScannedDate, else `today`).
   */
  exceptions?: DiffExceptions;
}

/** The exceptions a comparison judges on each side, and the day the new scan is judged on. */
export interface DiffExceptions {
  exceptions: readonly RiskException[];
  /** The run's day, on which the new scan's exceptions are judged (UTC). */
  today: Date;
  /** An exception this many days or fewer from its expiry is `expiring` (30 by default). */
  expiryWarningDays?: number;
}

/** What counts as a regression of two scans, beside policies that got worse. */
export interface RegressionLimit {
  /** Count only at or above this Severity (Critical is the highest; an unknown one counts at every threshold). */
  severity?: string;
  /** Leave out new failures (failing now, Gray or not there before): the meaning before they counted. */
  allowNewFailures?: boolean;
  /** Leave out what the later scan lost: policies, and whole benchmark reports. */
  allowRemoved?: boolean;
}
