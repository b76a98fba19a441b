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

/**
 * True when an analysis can stand for its input in a comparison (diff, a gate's
 * baseline, a trend): it holds a valid report and no finding at or above `failOn`.
 * Anything else fails closed: a report left out as invalid would read as removed.
 */
export function canBeCompared(analysis: Analysis, failOn: FailOn = 'error'): boolean {
  return analysis.summary.reports > 0 && !hasFailingFindings(analysis, failOn);
}
