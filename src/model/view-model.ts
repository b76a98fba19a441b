import type { Figures, PercentFormula, SeverityCount } from './analysis.js';
import type { LapsedAcceptance, PolicyChangeKind } from './diff.js';
import type { ExceptionsFile, ExceptionState, PolicyAcceptance } from './exceptions.js';
import type { Finding } from './finding.js';
import type { Policy } from './report.js';
import type { PolicyChoice } from './renderer.js';

/**
 * The view model every renderer receives. Its figures come from analyse (the analysis
 * and its roll-up, `rollUpReports`), never from a renderer, so that HTML, PDF and XLSX
 * agree on every number; the view adds words and which policies the tables list. The
 * handlebars templates receive exactly this object (documented in the README for
 * template authors).
 * Policies are referenced, not copied: a report can hold hundreds of thousands.
 */

/** Counts by colour and the compliance percent, recomputed from the policies. */
export interface FiguresView extends Omit<Figures, 'percent'> {
  /** Policies that were assessed: total − gray. */
  assessed: number;
  /** Resources that failed a policy: totalResources − passedResources (never below 0). */
  failingResources: number;
  /** Compliance percent, or null when nothing was assessed (every policy Gray): no percent, not 0. */
  percent: number | null;
  /** The percent as every format prints it: one decimal, e.g. `15.4%`, or `n/a`. */
  percentText: string;
  /** Why the percent is n/a (`nothing assessed: all 6 policies are Gray`), else null. */
  percentNote: string | null;
}

/** A date as the report states it and as a person reads it. */
export interface DateView {
  /** The value in the report, unchanged. */
  stated: string;
  /** `2019-12-31 09:55 UTC`; the stated text when it is no date this tool can read. */
  text: string;
  /** The instant, or null when the stated text is no date this tool can read. */
  date: Date | null;
}

/** One failing policy of the action list, with its category. */
export interface ActionView {
  policy: Policy;
  category: CategoryView;
  /** TotalResourceCount − PassedResourceCount. */
  failingResources: number;
}

/** One resource category. */
export interface CategoryView {
  /** Stable anchor id, unique in the document (`r1-c3`). */
  anchor: string;
  order: number;
  name: string;
  categoryId: string;
  figures: FiguresView;
  /** CompliancePercent as the report states it (it may differ: see the findings). */
  statedPercent: number;
  /** The policies as the report holds them, in its order. */
  policies: readonly Policy[];
  /** The policies the detail tables list (the choice of `policies` in the options), in report order. */
  listed: readonly Policy[];
  /** Red policies weighted by severity, the first measure of the worst categories. */
  redWeight: number;
}

/** One benchmark report of one account. */
export interface ReportView {
  /** Stable anchor id, unique in the document (`r1`). */
  anchor: string;
  /** Name of the file (or `<stdin>`) the report came from; its path when asked for (`showPaths`). */
  source: string;
  /**
   * The input the report came from as given (file path, `<stdin>`, or library name),
   * whatever `showPaths`: outputs that programs read, such as SARIF, locate it by path.
   */
  sourcePath: string;
  /** RFC 6901 pointer of the report inside its file. */
  pointer: string;
  benchmarkName: string;
  benchmarkId: string;
  accountName: string;
  accountId: string;
  connectorType: string;
  subscriptionId: string | null;
  awsAccountId: string | null;
  jobId: string;
  licenseId: string;
  licenseName: string;
  /** LastScannedDate (or LastScannedDateEpochTime) when the report carries it (not in the specification). */
  lastScanned: DateView | null;
  figures: FiguresView;
  /**
   * Posture.CompliancePercent as the report states it (it may differ from the figures'); null when it states no
   * Posture.
   */
  statedPercent: number | null;
  /** Red policies by Severity, worst first (every known severity, zeros included). */
  redBySeverity: SeverityCount[];
  /** Red policies weighted by severity over all categories, the first measure of the worst reports. */
  redWeight: number;
  /** Worst categories by the measure in `ViewModel.ranking.worstCategories`. */
  worstCategories: CategoryView[];
  categories: CategoryView[];
  /** Failing policies (Red, Amber) in the order of `ViewModel.ranking.actions`. */
  actions: ActionView[];
  /** Policies the detail tables list, of `figures.total`. */
  listedPolicies: number;
  /** What this report's detail tables leave out, in words; null when they list every policy. */
  policiesLeftOut: string | null;
  /** What changed since an earlier scan; only when the document is rendered with a diff that compared this report. */
  changes?: ReportChangesView;
  /**
   * The report's accepted policies, by the policy's RFC 6901 pointer in its input
   * (`/0/ResourceCategories/2/Policies/5`); only when the document is rendered with exceptions.
   */
  accepted?: ReadonlyMap<string, PolicyAcceptance>;
}

/** One scan of a comparison: which job, and when it ran. */
export interface ScanView {
  jobId: string;
  /** LastScannedDate as a person reads it, or null when the report states none. */
  scanDate: DateView | null;
  /** `scanned 2024-03-11 06:40 UTC, job 3b1f…`, or `job 3b1f…` without a date. */
  text: string;
}

/** One side of a changed policy, in words. */
export interface ChangeSideView {
  /** The Compliance colour as the report states it (`Green`), also the word shown. */
  colour: string;
  passedResources: number;
  totalResources: number;
  /** `6 / 13`. */
  resourcesText: string;
}

/** A policy whose colour changed since the old scan, or that is in one scan only. */
export interface ChangeView {
  kind: PolicyChangeKind;
  /** The kind as a label: `Regression`, `Fix`, `Coverage`, `New`, `Removed`. */
  kindText: string;
  severity: string;
  complianceNumber: string;
  shortTitle: string;
  policyId: string;
  serviceName: string;
  categoryName: string;
  /** Null for a policy new in this scan. */
  old: ChangeSideView | null;
  /** Null for a policy the new scan no longer has. */
  new: ChangeSideView | null;
  /** The colours as words, never shown by colour alone: `Green → Red`, `new: Red`, `was Amber`. */
  transition: string;
  /** True when the policy was paired by number and title because its PolicyId changed. */
  matchedByTitle: boolean;
  /** Of a diff given exceptions: the exception the new scan accepts this change under; it counts as no regression. */
  accepted?: PolicyAcceptance;
  /** Of a diff given exceptions: the exception that accepted the policy in the old scan and no longer does. */
  noLongerAccepted?: LapsedAcceptance;
  /**
   * Either of them in words, beside the change: `accepted · EXC-1, until 2027-03-31`, or `EXC-2 expired 2024-03-14,
   * owner platform@example.com: no longer accepted`; absent when neither.
   */
  acceptanceText?: string;
}

/** What exceptions made of a report's changes, counted; only when they marked one. */
export interface ChangesAcceptanceView {
  /** Regressions and new failures the new scan accepts: listed, not counted. */
  accepted: number;
  /** Policies whose exception lapsed between the scans: regressions. */
  noLongerAccepted: number;
  /**
   * `1 accepted (listed, not counted as a regression or new failure), 1 no longer accepted (counted as a
   * regression)`.
   */
  text: string;
}

/** A category's figures before and after. */
export interface CategoryChangeView {
  name: string;
  status: 'matched' | 'added' | 'removed';
  /** Compliance percent of the old scan; null when it has none (nothing assessed, or no such category). */
  oldPercent: number | null;
  newPercent: number | null;
  /** `33.7%`, `n/a`, or `–` where the scan has no such category. */
  oldPercentText: string;
  newPercentText: string;
  /** New minus old percent, in points; null unless both have one. */
  percentDelta: number | null;
  /** `−2.0 points`, `±0.0 points`, or null. */
  deltaText: string | null;
  passedResourcesDelta: number | null;
  /** Changed policies of this category, by kind. */
  changes: Record<PolicyChangeKind, number>;
}

/** The count of one kind of change, with its words. */
export interface ChangeCountView {
  kind: PolicyChangeKind | 'unchanged';
  count: number;
  /** The kind as a heading: `Regressions`, `New policies`, `Unchanged`. */
  label: string;
  /** `3 regressions`, `1 new policy`, `119 unchanged`. */
  text: string;
}

/** What changed in one report since an earlier scan of the same account and benchmark. */
export interface ReportChangesView {
  /** Stable anchor id (`r1-changes`). */
  anchor: string;
  /**
   * `Changes since the scan of 2024-03-11 06:40 UTC`, or `Changes since job 3b1f…` when the old report states no date.
   */
  heading: string;
  old: ScanView;
  new: ScanView;
  /** True when the old scan is of another account or benchmark (paired by --allow-mismatch). */
  mismatched: boolean;
  /** Overall compliance before and after: `33.7% → 31.7% (−2.0 points)`. */
  percentText: string;
  percentDelta: number | null;
  /** Resources passed before and after: `728 → 722 (−6)`. */
  resourcesText: string;
  /** Counts of every kind in listing order, then unchanged policies. */
  counts: ChangeCountView[];
  /** Every count in one line; of a diff given exceptions, then what they marked. */
  countsText: string;
  /** What exceptions made of the changes; only when they marked one. */
  acceptance?: ChangesAcceptanceView;
  /** Regressions first (worst severity first), then fixes, coverage changes, new and removed policies. */
  changes: ChangeView[];
  /** Every category of either scan, in the new scan's order, then removed ones. */
  categories: CategoryChangeView[];
}

/** A finding of the check, with the file it concerns (its name, or path with `showPaths`). */
export interface FindingView extends Finding {
  source: string;
}

/** Which policies the detail tables list, and in words what they leave out. */
export interface PolicyListingView {
  choice: PolicyChoice;
  /** Policies listed across all reports, of `rollup.policies`. */
  listed: number;
  /** What the tables leave out, e.g. `654 policies not assessed (Gray) are not listed`; null when none. */
  leftOut: string | null;
}

/** A logo for the cover and header. */
export interface LogoView {
  bytes: Uint8Array;
  mediaType: 'image/png' | 'image/jpeg';
  /** How messages name the logo (`--logo brand.png`); `the logo` when absent. */
  name?: string;
}

/** Everything a renderer needs. */
export interface ViewModel {
  title: string;
  /**
   * ISO 8601 time of generation when the caller asked for it (`--now`), else null:
   * the same input then gives the same bytes.
   */
  generatedAt: string | null;
  tool: { name: string; version: string };
  /** The CompliancePercent formula in force: its id and its words. */
  percentFormula: { id: PercentFormula; description: string };
  /** Figures over all reports together, as analyse rolled them up (see `RollUp`). */
  rollup: {
    reports: number;
    policies: number;
    figures: FiguresView;
    redBySeverity: SeverityCount[];
    /** The worst reports, ranked by `ranking.worstReports`. */
    worstReports: ReportView[];
    /**
     * What the roll-up counts when one account's benchmark reports share policies (it
     * sums the reports, a shared policy once per benchmark), in words; null when none share.
     */
    countingNote: string | null;
  };
  /** How worst categories, worst reports and the action list are ordered, in words. */
  ranking: { worstCategories: string; worstReports: string; actions: string };
  policyListing: PolicyListingView;
  reports: ReportView[];
  findings: FindingView[];
  findingCounts: { errors: number; warnings: number };
  logo: LogoView | null;
  /** The accepted risks of the document's inputs; only when it is rendered with exceptions. */
  acceptedRisks?: AcceptedRisksView;
}

/** A policy an exception accepts (or, once it expired, names and no longer accepts), as a document lists it. */
export interface AcceptedPolicyView {
  policyId: string;
  accountName: string;
  accountId: string;
  benchmarkId: string;
  /** The colour the scan gave it: never rewritten. */
  compliance: string;
  severity: string;
}

/** One exception as a document's "Accepted risks" section lists it. */
export interface AcceptedRiskView {
  id: string;
  state: ExceptionState;
  /** The state in words: `active`, `expiring in 12 days`, `expired 2026-10-31, 31 days ago`, `unused`, … */
  stateText: string;
  /** The PolicyIds it names. */
  policies: readonly string[];
  /** The AccountId or AccountName globs it covers. */
  accounts: readonly string[];
  benchmark: string | null;
  category: string | null;
  reason: string;
  owner: string;
  approvedBy: string;
  /** `YYYY-MM-DD`. */
  approved: string;
  /** `YYYY-MM-DD`: the last day it applies. */
  expires: string;
  /** Days from the run's day to the expiry: 0 on the last day, negative once expired. */
  daysLeft: number;
  ticket: string | null;
  /** The ticket's link, where the run has a ticket URL template (`--ticket-url`). */
  ticketUrl: string | null;
  /** The exceptions file (its name, or its path with `showPaths`) and the entry's pointer in it. */
  file: string;
  pointer: string;
  /** The document's Red and Amber policies it accepts; none when it expired. */
  accepted: readonly AcceptedPolicyView[];
  /** Expired: the document's Red and Amber policies it names, which fail again. */
  failingAgain: readonly AcceptedPolicyView[];
}

/** The accepted risks of a document: every exception that bears on its inputs, and what they did. */
export interface AcceptedRisksView {
  /** Those that match a policy of the document, and those that match nothing in the run (unused), in file order. */
  exceptions: readonly AcceptedRiskView[];
  /** The document's policies accepted, and its exceptions by state. */
  counts: { acceptedPolicies: number } & Record<ExceptionState, number>;
  /** The exceptions that apply (active, expiring), nearest expiry first: what an executive summary names. */
  nearestExpiries: readonly AcceptedRiskView[];
  /** Each exceptions file of the run: its name (or path), the SHA-256 of the bytes read and its ids. */
  files: readonly ExceptionsFile[];
  /** The run's day, `YYYY-MM-DD`, on which expiries were judged. */
  judgedOn: string;
}
