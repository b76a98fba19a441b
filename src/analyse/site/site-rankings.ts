import type { Figures, PercentFormula } from '../../model/analysis.js';
import type { SiteAccount, SiteBenchmark, SiteDrop, SiteGroup, SiteWorstPolicy } from '../../model/site.js';
import { computePercent, hasPercent } from '../percent-formulas.js';

/** An account as the overview's rankings name it. */
function dropOf({ key, accountId, accountName, benchmarkName, change, lost, lastScan }: SiteAccount): SiteDrop {
  return { key, accountId, accountName, benchmarkName, change, lost, lastScan };
}

/**
 * The accounts that fell most since their previous scan, the biggest drop first; steady
 * and improved accounts, and lost ones (nothing is known of them now: see
 * {@link rankLost}), are left out.
 */
export function rankDrops(accounts: readonly SiteAccount[], top: number): SiteDrop[] {
  return accounts
    .map((account, at) => ({ account, at }))
    .filter(({ account }) => !account.lost && account.change !== null && account.change < 0)
    .sort((a, b) => (a.account.change ?? 0) - (b.account.change ?? 0) || a.at - b.at)
    .slice(0, Math.max(0, Math.floor(top)))
    .map(({ account }) => dropOf(account));
}

/**
 * The accounts with no scan in the latest round, the longest unseen first: a fleet that
 * lost hundreds must still show its biggest drops beside them, so they are ranked apart.
 */
export function rankLost(accounts: readonly SiteAccount[], top: number): SiteDrop[] {
  return accounts
    .map((account, at) => ({ account, at }))
    .filter(({ account }) => account.lost)
    .sort((a, b) => compareText(a.account.lastScan ?? '', b.account.lastScan ?? '') || a.at - b.at)
    .slice(0, Math.max(0, Math.floor(top)))
    .map(({ account }) => dropOf(account));
}

/**
 * The accounts by connector and benchmark, as of each one's latest scan: how many, their
 * policies pooled into one percent, and their Red policies. `latest` is in the order of `accounts`.
 */
export function siteGroups(
  latest: readonly Figures[],
  accounts: readonly SiteAccount[],
  formula: PercentFormula,
): SiteGroup[] {
  const groups = new Map<string, { group: SiteGroup; sums: Omit<Figures, 'percent'> }>();
  accounts.forEach((account, at) => {
    const figures = latest[at] as Figures;
    const key = JSON.stringify([account.connector, account.benchmarkName]);
    let entry = groups.get(key);
    if (entry === undefined) {
      entry = {
        group: {
          connector: account.connector,
          benchmarkName: account.benchmarkName,
          accounts: 0,
          percent: null,
          red: 0,
        },
        sums: { total: 0, green: 0, red: 0, amber: 0, gray: 0, other: 0, passedResources: 0, totalResources: 0 },
      };
      groups.set(key, entry);
    }
    entry.group.accounts += 1;
    entry.group.red += figures.red;
    for (const name of Object.keys(entry.sums) as (keyof typeof entry.sums)[]) entry.sums[name] += figures[name];
  });
  return [...groups.values()]
    .map(({ group, sums }) => ({ ...group, percent: hasPercent(formula, sums) ? computePercent(formula, sums) : null }))
    .sort(
      (a, b) =>
        b.accounts - a.accounts ||
        compareText(a.connector, b.connector) ||
        compareText(a.benchmarkName, b.benchmarkName),
    );
}

/** Text in code-unit order: the same order on every machine, whatever its locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The policies failing in the most accounts, failures an exception accepts not counted
 * (the risk is owned), then by severity (`severities` worst first); policies failing
 * nowhere are left out.
 */
export function rankPolicies(
  benchmarks: readonly SiteBenchmark[],
  severities: readonly string[],
  top: number,
): SiteWorstPolicy[] {
  const rank = (severity: string): number => {
    const at = severities.indexOf(severity);
    return at === -1 ? severities.length : at;
  };
  return benchmarks
    .flatMap((benchmark) =>
      benchmark.policies.map((policy) => ({
        benchmarkKey: benchmark.key,
        benchmarkName: benchmark.benchmarkName,
        key: policy.key,
        number: policy.number,
        title: policy.title,
        severity: policy.severity,
        failing: policy.failing,
        accepted: policy.accepted,
        accounts: policy.accounts,
      })),
    )
    .filter((policy) => policy.failing > policy.accepted)
    .sort(
      (a, b) =>
        b.failing - b.accepted - (a.failing - a.accepted) ||
        rank(a.severity) - rank(b.severity) ||
        compareText(a.benchmarkName, b.benchmarkName) ||
        compareText(a.number, b.number),
    )
    .slice(0, Math.max(0, Math.floor(top)));
}
