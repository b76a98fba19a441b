import {
  countFleetAccounts,
  failingPolicyMeasure,
  fleetTotals,
  groupFleet,
  rankFailingPolicies,
  rankFleetAccounts,
  summariseFleetCategories,
  worstAccountMeasure,
} from '../../analyse/fleet/rank-fleet.js';
import type { Figures, SeverityCount } from '../../model/analysis.js';
import type { FleetAccount, FleetCategorySummary, FleetFigures, FleetGroup, FleetPolicy } from '../../model/fleet.js';
import type { RenderOptions } from '../../model/renderer.js';
import { displayCount } from '../display-values.js';

/** Most accounts the worst-accounts list of a web page or PDF shows; the workbook lists every one. */
export const maxWorstAccounts = 50;

/** Most policies the failing-policies list of a web page or PDF shows; the workbook lists every failing one. */
export const maxFailingPolicies = 100;

/** Most accounts the PDF details (their categories), the worst first: more would be thousands of pages. */
export const maxPdfAccountDetails = 200;

/** What every fleet document lays out, ranked once from the fleet figures. */
export interface FleetPlan {
  title: string;
  /** Distinct AccountIds. */
  accounts: number;
  /** Rows: benchmark reports of an account. */
  reports: number;
  totals: { figures: Figures; percent: number | null; redBySeverity: SeverityCount[] };
  /** Every row, the worst first. */
  worst: FleetAccount[];
  /** Every policy failing somewhere, failing in the most accounts first. */
  failing: FleetPolicy[];
  categories: FleetCategorySummary[];
  byConnector: FleetGroup[];
  byBenchmark: FleetGroup[];
  measures: { accounts: string; policies: string };
  percentFormula: string;
}

/** Plans a fleet document: the title (the caller's, else one naming the fleet's size) and every ranking. */
export function planFleet(fleet: FleetFigures, options: RenderOptions): FleetPlan {
  const accounts = countFleetAccounts(fleet.accounts);
  return {
    title:
      options.title ?? `Compliance of a fleet of ${displayCount(accounts)} ${accounts === 1 ? 'account' : 'accounts'}`,
    accounts,
    reports: fleet.accounts.length,
    totals: fleetTotals(fleet),
    worst: rankFleetAccounts(fleet),
    failing: rankFailingPolicies(fleet),
    categories: summariseFleetCategories(fleet),
    byConnector: groupFleet(fleet, 'connectorType'),
    byBenchmark: groupFleet(fleet, 'benchmarkId'),
    measures: { accounts: worstAccountMeasure, policies: failingPolicyMeasure },
    percentFormula: fleet.percentFormula,
  };
}

/** An account row as one line of text: `name (id) · connector · benchmark name (id)`, nothing cut. */
export function accountLabel(account: FleetAccount): string {
  return `${account.accountName} (${account.accountId}) · ${account.connectorType} · ${account.benchmarkName} (${account.benchmarkId})`;
}
