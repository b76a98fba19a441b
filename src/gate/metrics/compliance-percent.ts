import { computePercent, hasPercent } from '../../analyse/percent-formulas.js';
import type { GateMetric } from '../gate-metric.js';
import { sumFigures } from '../scope-counts.js';

/** CompliancePercent recomputed by the run's formula, over the reports (or category) in scope. */
export const compliancePercent: GateMetric = {
  describe: "compliance percent by the run's --percent-formula, overall or of one category (by name or id)",
  bound: 'number',
  reads: ['min', 'max', 'category'],
  unit: '%',
  measure(reports, _assertion, formula) {
    const counts = sumFigures(reports);
    // The analysis shows such a percent as n/a; a gate must not read it as 0 or 100.
    if (!hasPercent(formula, counts))
      return { value: null, none: 'no policy in scope was assessed (all Gray), so there is no compliance percent' };
    return { value: computePercent(formula, counts) };
  },
};
