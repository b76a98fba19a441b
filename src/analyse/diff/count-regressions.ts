import type { DiffResult, ReportDiff } from '../../model/diff.js';
import { severityRank } from '../severity-rank.js';

/**
 * Regressions of `reports` at or above `severity` (Critical is the highest), or all of
 * them without one. A severity the service is not known to use ranks below VeryLow, so
 * `VeryLow` counts every regression.
 */
export function countRegressions(reports: readonly ReportDiff[] | DiffResult, severity?: string): number {
  const list = Array.isArray(reports) ? reports : (reports as DiffResult).reports;
  const limit = severity === undefined ? Number.POSITIVE_INFINITY : severityRank(severity);
  let count = 0;
  for (const report of list) for (const change of report.changes) if (change.kind === 'regression' && severityRank(change.severity) <= limit) count += 1;
  return count;
}
