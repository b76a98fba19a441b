import type { DiffResult, ReportDiff } from '../../model/diff.js';
import { severityOrder } from '../observed-values.js';

/**
 * Regressions of `reports` at or above `severity` (Critical is the highest), or all of
 * them without one. A severity the service is not known to use ranks below VeryLow, so
 * `VeryLow` counts every regression.
 */
export function countRegressions(reports: readonly ReportDiff[] | DiffResult, severity?: string): number {
  const list = Array.isArray(reports) ? reports : (reports as DiffResult).reports;
  const limit = severity === undefined ? Number.POSITIVE_INFINITY : rank(severity);
  let count = 0;
  for (const report of list) for (const change of report.changes) if (change.kind === 'regression' && rank(change.severity) <= limit) count += 1;
  return count;
}

function rank(severity: string): number {
  const index = severityOrder.indexOf(severity);
  return index === -1 ? severityOrder.length : index;
}
