import { tallyRegressions } from '../../analyse/diff/count-regressions.js';
import type { GateMetric } from '../gate-metric.js';
import { noBaselineReport } from '../no-baseline-report.js';

/**
 * Regressions since the baseline scan, at or above a Severity when given, as `diff
 * --fail-on-regression` counts them: policies that got worse (Green → Amber → Red), new
 * failures (failing now, Gray or not there before) and policies the later scan lost,
 * the last two unless the assertion allows them, and, of a scanner's reports, resources
 * newly failing in a policy that failed both times. A report in scope that no baseline
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
      const inCategory = (item: { category: { id: string; name: string } }): boolean =>
        category === undefined || item.category.name === category || item.category.id === category;
      const changes = diff.changes.filter(inCategory);
      // A scanner's report names its resources newly failing; they count in their policy's category too.
      const resources = diff.newlyFailingResources?.filter(inCategory);
      count += tallyRegressions(
        [{ ...diff, changes, ...(resources === undefined ? {} : { newlyFailingResources: resources }) }],
        assertion,
      ).total;
    }
    return { value: count };
  },
};
