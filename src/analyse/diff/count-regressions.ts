import type { DiffResult, RegressionLimit, ReportDiff } from '../../model/diff.js';
import { countsAgainst } from '../../model/fail-closed.js';
import { isAtLeast } from '../../model/observed-values.js';

export type { RegressionLimit };

/** The regressions of a comparison, by what made them. */
export interface RegressionTally {
  /** Policies assessed both times that got worse (Green → Amber → Red). */
  regressions: number;
  /**
   * Policies failing now that were Gray or not there before, in compared reports and in reports only the new side has.
   */
  newFailures: number;
  /** Policies of a compared report that the new scan lost. */
  removedPolicies: number;
  /** Benchmark reports of the old side that no new report pairs with, whatever their severities. */
  lostReports: number;
  /**
   * Resources failing now that passed before, of policies that failed both times (a
   * policy whose colour got worse counts above, as a policy): only reports built from a
   * scanner's results name their resources.
   */
  newlyFailingResources: number;
  /** Everything above. */
  total: number;
}

/**
 * Counts what makes a comparison a regression: policies that got worse, new failures
 * and what the later scan lost, each at or above `limit.severity` (a lost report counts
 * whatever its severities: nothing of it can be compared), less what `limit` allows.
 * A list of compared reports (a gate's scope) has no unpaired reports to count.
 */
export function tallyRegressions(
  compared: DiffResult | readonly ReportDiff[],
  limit: RegressionLimit = {},
): RegressionTally {
  const reports = Array.isArray(compared) ? (compared as readonly ReportDiff[]) : (compared as DiffResult).reports;
  const counts = (severity: string): boolean => limit.severity === undefined || isAtLeast(severity, limit.severity);
  const tally: RegressionTally = {
    regressions: 0,
    newFailures: 0,
    removedPolicies: 0,
    lostReports: 0,
    newlyFailingResources: 0,
    total: 0,
  };
  for (const report of reports) {
    for (const regression of report.newlyFailingResources ?? [])
      if (regression.kind === undefined && regression.accepted === undefined && counts(regression.severity))
        tally.newlyFailingResources += regression.resources.length;
    for (const change of report.changes) {
      if (!countsAgainst(change, limit)) continue;
      if (change.kind === 'regression') tally.regressions += 1;
      else if (change.kind === 'new-failure') tally.newFailures += 1;
      else tally.removedPolicies += 1;
    }
  }
  if (!Array.isArray(compared)) {
    for (const report of (compared as DiffResult).unpaired) {
      if (report.side === 'old') {
        if (limit.allowRemoved !== true) tally.lostReports += 1;
      } else if (limit.allowNewFailures !== true) {
        for (const { severity, count } of report.failing) if (counts(severity)) tally.newFailures += count;
      }
    }
  }
  tally.total =
    tally.regressions + tally.newFailures + tally.removedPolicies + tally.lostReports + tally.newlyFailingResources;
  return tally;
}
