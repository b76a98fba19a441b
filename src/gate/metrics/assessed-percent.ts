import type { GateMetric } from '../gate-metric.js';
import { sumFigures } from '../scope-counts.js';

/** The share of policies in scope that were assessed: not Gray. */
export const assessedPercent: GateMetric = {
  describe: 'share of policies that were assessed (not Gray), in percent',
  bound: 'number',
  reads: ['min', 'max', 'category'],
  unit: '%',
  measure(reports) {
    const { total, gray } = sumFigures(reports);
    if (total === 0) return { value: null, none: 'no policy in scope' };
    return { value: ((total - gray) / total) * 100 };
  },
};
