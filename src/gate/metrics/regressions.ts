import { tallyRegressions } from '../../analyse/diff/count-regressions.js';
import type { GateMetric } from '../gate-metric.js';
import { noBaselineReport } from '../no-baseline-report.js';

/**
 * Regressions since the baseline scan, at or above a Severity when given, as `diff
 * --fail-on-regression` counts them: policies that got worse (Green → Amber → Red), new
 * failures (failing now, Gray or not there before) and policies the later scan lost,
 * the last two unless the assertion allows them. A report in scope that no baseline
 * report pairs with has nothing to compare: the assertion fails rather than count it
 * as 0.
 */
export const regressions: GateMetric = {
  describe:
    'policies that got worse since the --baseline scan, failed anew or went missing, at or above a severity when given',
  bound: 'number',
  baseline: true,
  reads: ['min', 'max', 'severity', 'category', 'allowNewFailures', 'allowRemoved'],
  severity: 'policy',
  severityRange: 'or-worse',
  unit: '',
  measure(reports, assertion) {
    let count = 0;
    for (const { diff } of reports) {
      if (diff === undefined) return noBaselineReport;
      const { category } = assertion;
      const changes =
        category === undefined
          ? diff.changes
          : diff.changes.filter((change) => change.category.name === category || change.category.id === category);
      count += tallyRegressions([{ ...diff, changes }], assertion).total;
    }
    return { value: count };
  },
};
