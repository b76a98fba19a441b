import type { DiffResult } from '../model/diff.js';
import type { AssertionResult } from '../model/gate.js';

/** The metric name of the gate's own assertion that the baseline's reports are still there. */
export const lostReportsMetric = 'baselineReports';

/**
 * The gate's own assertion that every report of the baseline is still in the inputs: a
 * benchmark the later scan lost is a regression no metric of a rules file measures (each
 * measures the inputs' reports), so it fails closed. Nothing when none was lost.
 */
export function lostReports(diff: DiffResult): AssertionResult | undefined {
  const lost = diff.unpaired.filter((report) => report.side === 'old');
  if (lost.length === 0) return undefined;
  const names = lost.slice(0, 3).map((report) => `${report.benchmarkId} of account ${report.accountId}`);
  return {
    name: 'baseline reports are still there',
    level: 'error',
    metric: lostReportsMetric,
    passed: false,
    actual: lost.length,
    expected: 'every report of the baseline in the inputs',
    scope: 'the baseline',
    pointer: '',
    message: `${names.join(', ')}${lost.length > 3 ? ` and ${lost.length - 3} more` : ''} of the baseline ${lost.length === 1 ? 'is' : 'are'} missing from the inputs: a regression no assertion measures`,
  };
}
