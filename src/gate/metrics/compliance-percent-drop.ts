import { addCounts, emptyCounts } from '../../analyse/figures.js';
import { computePercent, hasPercent } from '../../analyse/percent-formulas.js';
import type { GateMetric } from '../gate-metric.js';
import { noBaselineReport } from '../no-baseline-report.js';

/**
 * How many points the compliance percent fell since the baseline scan: old minus new,
 * so a rise is negative. For several reports (`aggregate: all`) each side's counts are
 * summed first, as compliancePercent sums them, rather than the drops averaged.
 */
export const compliancePercentDrop: GateMetric = {
  describe: 'points the compliance percent fell since the --baseline scan (old minus new; a rise is negative)',
  bound: 'number',
  baseline: true,
  reads: ['min', 'max'],
  unit: ' points',
  measure(reports, _assertion, formula) {
    const old = emptyCounts();
    const next = emptyCounts();
    for (const { diff } of reports) {
      if (diff === undefined) return noBaselineReport;
      if (diff.overall.old) addCounts(old, diff.overall.old);
      if (diff.overall.new) addCounts(next, diff.overall.new);
    }
    if (!hasPercent(formula, old) || !hasPercent(formula, next)) {
      return {
        value: null,
        none: 'no policy was assessed in one of the scans (all Gray), so there is no compliance percent to compare',
      };
    }
    // Rounded off below what any report states: 33.7 − 31.7 must be 2, not 2.0000000000000036.
    return { value: Number((computePercent(formula, old) - computePercent(formula, next)).toFixed(9)) };
  },
};
