import type { GateMetric } from '../gate-metric.js';
import { countColours } from '../scope-counts.js';

/** Red policies in scope, of one Severity when given. */
export const redPolicies: GateMetric = {
  describe: 'Red policies, of one severity when given',
  bound: 'number',
  reads: ['min', 'max', 'severity', 'category'],
  severity: 'policy',
  severityRange: 'only',
  unit: '',
  measure: (reports, assertion) => ({ value: countColours(reports, ['Red'], assertion.severity) }),
};
