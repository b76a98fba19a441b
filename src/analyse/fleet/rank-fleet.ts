import type { Figures, SeverityCount } from '../../model/analysis.js';
import type { FleetAccount, FleetCategorySummary, FleetFigures, FleetGroup, FleetPolicy } from '../../model/fleet.js';
import { addCounts, emptyCounts, withPercent } from '../figures.js';
import { definedPercent } from '../percent-formulas.js';
import { severityRank } from '../../model/observed-values.js';
import { compareWorst, type RankedCategory } from '../severity-rank.js';

/**
 * The orders and sums every fleet document shows, from the fleet figures alone: the
 * web page, the PDF and the workbook rank alike.
 */

/**
 * How the worst accounts are ranked, in the words every format prints: by what fails, as
 * the worst categories are (see compareWorst), not by the lowest percent, which put an
 * account of one assessed Red policy above one of 115.
 */
export const worstAccountMeasure =
  'most Red policies weighted by severity (Critical 5, High 4, Moderate 3, Low 2, VeryLow 1), then most failing resources, then most Amber policies, then lowest compliance; an account with nothing assessed last';

/** How the failing policies are ranked, in the words every format prints. */
export const failingPolicyMeasure =
  'failing (Red, Amber or an unknown Compliance) in the most accounts first; ties by Red accounts, then by severity';

/** An account as the ranking of the documents reads a category (compareWorst). */
function asRanked(account: FleetAccount, order: number): RankedCategory & { account: FleetAccount } {
  const { red, amber, total, gray, passedResources, totalResources } = account.figures;
  return {
    account,
    redWeight: account.redWeight,
    order,
    figures: {
      red,
      amber,
      percent: account.percent,
      assessed: total - gray,
      failingResources: totalResources - passedResources,
    },
  };
}

/** Every account row, the worst first (see {@link worstAccountMeasure}); equal ones keep their order. */
export function rankFleetAccounts(fleet: FleetFigures): FleetAccount[] {
  const ranked = fleet.accounts.map(asRanked);
  const assessed = ranked.filter((entry) => entry.figures.assessed > 0).sort(compareWorst);
  const unassessed = ranked.filter((entry) => entry.figures.assessed === 0);
  return [...assessed, ...unassessed].map((entry) => entry.account);
}

/** The policies that fail somewhere, failing in the most accounts first (see {@link failingPolicyMeasure}). */
export function rankFailingPolicies(fleet: FleetFigures): FleetPolicy[] {
  return [...fleet.policies.values()]
    .filter((policy) => policy.failing > 0)
    .sort((a, b) => b.failing - a.failing || b.red - a.red || severityRank(a.severity) - severityRank(b.severity));
}

/** The number of distinct AccountIds among the rows. */
export function countFleetAccounts(accounts: readonly Pick<FleetAccount, 'accountId'>[]): number {
  return new Set(accounts.map((account) => account.accountId)).size;
}

function sumFigures(fleet: FleetFigures, accounts: readonly FleetAccount[]): Figures {
  const totals = emptyCounts();
  for (const account of accounts) addCounts(totals, account.figures);
  return withPercent(totals, fleet.percentFormula);
}

/** The fleet's figures summed over every row, the percent recomputed over the sums (not averaged). */
export function fleetTotals(fleet: FleetFigures): {
  figures: Figures;
  percent: number | null;
  redBySeverity: SeverityCount[];
} {
  const figures = sumFigures(fleet, fleet.accounts);
  const red = new Map<string, number>();
  for (const account of fleet.accounts)
    for (const { severity, count } of account.redBySeverity) red.set(severity, (red.get(severity) ?? 0) + count);
  return {
    figures,
    percent: definedPercent(fleet.percentFormula, figures),
    redBySeverity: [...red].map(([severity, count]) => ({ severity, count })),
  };
}

/** The rows grouped by ConnectorType or by BenchmarkId, in the order first seen, with their figures summed. */
export function groupFleet(fleet: FleetFigures, by: 'connectorType' | 'benchmarkId'): FleetGroup[] {
  const groups = new Map<string, FleetAccount[]>();
  for (const account of fleet.accounts) groups.set(account[by], [...(groups.get(account[by]) ?? []), account]);
  return [...groups].map(([key, accounts]) => {
    const figures = sumFigures(fleet, accounts);
    const label = by === 'benchmarkId' ? (accounts[0] as FleetAccount).benchmarkName : key;
    return {
      key,
      label,
      reports: accounts.length,
      accounts: countFleetAccounts(accounts),
      figures,
      percent: definedPercent(fleet.percentFormula, figures),
    };
  });
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Each category of each benchmark across the accounts: the lowest, median and mean of
 * their compliance percents (n/a ones left out), lowest median first.
 */
export function summariseFleetCategories(fleet: FleetFigures): FleetCategorySummary[] {
  const byCategory = new Map<
    string,
    { benchmarkId: string; benchmarkName: string; name: string; percents: number[]; accounts: number; red: number }
  >();
  for (const account of fleet.accounts) {
    for (const category of account.categories) {
      const key = JSON.stringify([account.benchmarkId, category.name]);
      const entry = byCategory.get(key) ?? {
        benchmarkId: account.benchmarkId,
        benchmarkName: account.benchmarkName,
        name: category.name,
        percents: [],
        accounts: 0,
        red: 0,
      };
      entry.accounts += 1;
      entry.red += category.figures.red;
      if (category.percent !== null) entry.percents.push(category.percent);
      byCategory.set(key, entry);
    }
  }
  const summaries = [...byCategory.values()].map(({ percents, ...entry }): FleetCategorySummary => {
    const sorted = percents.sort((a, b) => a - b);
    const mean = sorted.length === 0 ? null : sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
    return { ...entry, assessed: sorted.length, min: sorted[0] ?? null, median: median(sorted), mean };
  });
  return summaries.sort((a, b) => (a.median ?? Infinity) - (b.median ?? Infinity) || b.red - a.red);
}
