import type { Measurement } from './gate-metric.js';

/**
 * What a baseline metric measures on a report that no report of the baseline pairs
 * with: nothing, so that the assertion fails (closed) rather than count it as no change.
 */
export const noBaselineReport: Measurement = {
  value: null,
  none: 'no report of the baseline pairs with it (same BenchmarkId and AccountId), so there is nothing to compare',
};
