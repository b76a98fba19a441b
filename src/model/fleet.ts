import type { Figures, PercentFormula, SeverityCount } from './analysis.js';

/**
 * The figures of a fleet: one row per benchmark report of an account, and what the
 * fleet tier ranks and counts across them. Built one report at a time
 * (`addFleetReport`), so its size grows with accounts × categories and with the number
 * of distinct policies, never with the policies of every report together: a fleet of
 * thousands of accounts fits where their reports would not.
 */

/** A resource category of one report: its name and recomputed figures. */
export interface FleetCategoryFigures {
  /** CategoryName as the report states it: categories of one benchmark share it across accounts. */
  name: string;
  figures: Figures;
  /** The compliance percent, or null where nothing was assessed (n/a, never 0 %). */
  percent: number | null;
}

/** One benchmark report of one account, with full names (never cut). */
export interface FleetAccount {
  accountName: string;
  accountId: string;
  connectorType: string;
  benchmarkId: string;
  benchmarkName: string;
  /** The input the report came from: a file path as given, `<stdin>`, or a library name. */
  source: string;
  figures: Figures;
  /** The compliance percent, or null where nothing was assessed. */
  percent: number | null;
  /** Red policies by Severity, the known severities worst first. */
  redBySeverity: SeverityCount[];
  /** Red policies weighted by severity (Critical 5 … VeryLow 1): the tie-break among the worst accounts. */
  redWeight: number;
  categories: FleetCategoryFigures[];
  /** What the run's exceptions did in this report; only when the fleet is rendered with exceptions. */
  accepted?: FleetAcceptedRisks;
}

/** The accepted risks of one benchmark report of an account. */
export interface FleetAcceptedRisks {
  /** Its Red and Amber policies accepted by an exception in force. */
  policies: number;
  /** The exceptions that expired on its failing policies, which fail again: their ids, in file order. */
  expired: string[];
}

/** One policy of one benchmark across the fleet: in how many reports it fails. */
export interface FleetPolicy {
  policyId: string;
  benchmarkId: string;
  /** ShortTitle and Severity as the first report that held the policy states them. */
  title: string;
  severity: string;
  /** Reports (account and benchmark) that hold the policy. */
  accounts: number;
  /** Reports where it is Red. */
  red: number;
  /** Reports where it is Amber. */
  amber: number;
  /** Reports where it fails: Red, Amber, or of a Compliance outside the observed set (fail closed). */
  failing: number;
}

/** The state of a fleet: everything its documents show, and nothing more. */
export interface FleetFigures {
  /** The CompliancePercent formula of every percent in it. */
  percentFormula: PercentFormula;
  /** One row per report, in the order they were added. */
  accounts: FleetAccount[];
  /** Every distinct policy, keyed by `fleetPolicyKey` (BenchmarkId and PolicyId), in the order first seen. */
  policies: Map<string, FleetPolicy>;
}

/** The version of {@link FleetFiguresJson} written now; a reader refuses any other. */
export const fleetFiguresVersion = 1;

/** {@link FleetFigures} as JSON: the policies as an array, and the version of this shape. */
export interface FleetFiguresJson {
  version: typeof fleetFiguresVersion;
  percentFormula: PercentFormula;
  accounts: FleetAccount[];
  policies: FleetPolicy[];
}

/** A category of one benchmark across the accounts that hold it. */
export interface FleetCategorySummary {
  benchmarkId: string;
  benchmarkName: string;
  name: string;
  /** Reports holding the category. */
  accounts: number;
  /** Reports where it has a compliance percent (something was assessed). */
  assessed: number;
  /** Lowest, median and mean of those percents; null when none was assessed. */
  min: number | null;
  median: number | null;
  mean: number | null;
  /** Red policies in the category, summed over the accounts. */
  red: number;
}

/** Reports of a fleet that share a value (a ConnectorType, a BenchmarkId), with their figures summed. */
export interface FleetGroup {
  /** The shared value; for a benchmark, its id. */
  key: string;
  /** For a benchmark, its name; otherwise the key again. */
  label: string;
  reports: number;
  /** Distinct AccountIds among them. */
  accounts: number;
  figures: Figures;
  percent: number | null;
}
