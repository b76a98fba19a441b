import type { Analysis } from '../model/analysis.js';

/** The lowest severity that fails a check run, or `never`. */
export type FailOn = 'error' | 'warning' | 'never';

/** Every FailOn value, for option parsing and help text. */
export const failOnLevels: readonly FailOn[] = ['error', 'warning', 'never'];

/** True when the analysis has a finding at or above `failOn` (by default `error`, as the CLI's `--fail-on`). */
export function hasFailingFindings(analysis: Analysis, failOn: FailOn = 'error'): boolean {
  if (failOn === 'never') return false;
  return analysis.summary.errors > 0 || (failOn === 'warning' && analysis.summary.warnings > 0);
}
