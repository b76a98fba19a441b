import type { FleetAccount, FleetFigures } from '../../model/fleet.js';
import type { RenderOptions } from '../../model/renderer.js';
import { displayCount, displayInstant, displayPercentOrNa } from '../display-values.js';
import { acceptedAccounts, fleetAcceptedSummary } from './fleet-accepted-text.js';
import { maxFailingPolicies, maxWorstAccounts, type FleetPlan } from './fleet-plan.js';

/** Rows of the index per page: the first page is markup, so the page reads without its script. */
export const indexPageSize = 100;

/** An account row of the page: its place in the list, the anchor of its detail, the account. */
export interface FleetAccountRow {
  rank: number;
  anchor: string;
  account: FleetAccount;
}

/** What the fleet page's template (fleet-page.hbs) draws. */
export interface FleetPageView extends Pick<
  FleetPlan,
  'title' | 'reports' | 'categories' | 'byConnector' | 'byBenchmark' | 'measures'
> {
  /** The line under the title, as text. */
  meta: string;
  tiles: { value: string; label: string }[];
  /** Red policies by severity, as text (`Critical 3 · High 12`, or `none`). */
  severities: string;
  /** The worst accounts shown, at most {@link maxWorstAccounts}. */
  worst: FleetAccountRow[];
  /** The failing policies shown, at most {@link maxFailingPolicies}, of `failingTotal`. */
  failing: FleetPlan['failing'];
  failingTotal: number;
  /** The index's first page, by account name. */
  index: FleetAccountRow[];
  /** With exceptions: the accounts with accepted policies or expired exceptions, worst first; else null. */
  accepted: FleetAcceptedView | null;
}

/** The accepted risks per account, as the fleet page lists them. */
export interface FleetAcceptedView {
  /** `3 policies accepted in 2 of 14 benchmark reports · 1 expired exception`. */
  summary: string;
  rows: FleetAccountRow[];
}

/** The in-page anchor of an account row's detail section, by its place among the fleet's rows. */
export function accountAnchor(position: number): string {
  return `account-${position + 1}`;
}

/** The fleet's rows by account name, then id, then benchmark: the order of the page's index. */
export function accountsByName(fleet: FleetFigures): FleetAccount[] {
  return [...fleet.accounts].sort(
    (a, b) =>
      a.accountName.localeCompare(b.accountName, 'en') ||
      a.accountId.localeCompare(b.accountId, 'en') ||
      a.benchmarkName.localeCompare(b.benchmarkName, 'en'),
  );
}

/**
 * The fleet page's view: the plan's rankings cut to what the page shows, each account
 * row with its anchor, and the texts of the header. Tags of accounts are not shown:
 * no input of the tool carries them.
 */
export function fleetPageView(
  fleet: FleetFigures,
  plan: FleetPlan,
  byName: readonly FleetAccount[],
  options: RenderOptions,
): FleetPageView {
  const anchors = new Map<object, string>(
    fleet.accounts.map((account, position) => [account, accountAnchor(position)]),
  );
  const row = (account: FleetAccount, rank: number): FleetAccountRow => ({
    rank,
    anchor: anchors.get(account) as string,
    account,
  });
  const { figures } = plan.totals;
  const meta = [
    `${displayCount(figures.total)} policies in ${displayCount(plan.reports)} benchmark reports of ${displayCount(plan.accounts)} accounts`,
    `percent: ${plan.percentFormula}`,
    ...(options.now ? [`generated ${displayInstant(options.now)}`] : []),
  ];
  const tiles: [string, string][] = [
    [displayPercentOrNa(plan.totals.percent), 'compliant'],
    [displayCount(plan.accounts), 'accounts'],
    [displayCount(plan.reports), 'benchmark reports'],
    [displayCount(figures.red), 'Red policies'],
    [displayCount(figures.amber), 'Amber policies'],
    [displayCount(plan.failing.length), 'policies failing somewhere'],
  ];
  return {
    title: plan.title,
    reports: plan.reports,
    categories: plan.categories,
    byConnector: plan.byConnector,
    byBenchmark: plan.byBenchmark,
    measures: plan.measures,
    meta: meta.join(' · '),
    tiles: tiles.map(([value, label]) => ({ value, label })),
    severities:
      plan.totals.redBySeverity.map(({ severity, count }) => `${severity} ${displayCount(count)}`).join(' · ') ||
      'none',
    worst: plan.worst.slice(0, maxWorstAccounts).map((account, index) => row(account, index + 1)),
    failing: plan.failing.slice(0, maxFailingPolicies),
    failingTotal: plan.failing.length,
    index: byName.slice(0, indexPageSize).map((account, offset) => row(account, offset + 1)),
    accepted: acceptedView(plan, row),
  };
}

function acceptedView(
  plan: FleetPlan,
  row: (account: FleetAccount, rank: number) => FleetAccountRow,
): FleetAcceptedView | null {
  if (!plan.worst.some((account) => account.accepted !== undefined)) return null;
  const listed = acceptedAccounts(plan.worst);
  return { summary: fleetAcceptedSummary(plan.worst), rows: listed.map((account, index) => row(account, index + 1)) };
}
