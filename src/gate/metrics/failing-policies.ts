import type { GateMetric } from '../gate-metric.js';
import { countColours } from '../scope-counts.js';

/** Failing policies in scope, Red or Amber, of one Severity when given. */
export const failingPolicies: GateMetric = {
  describe: 'failing policies (Red or Amber), of one severity when given',
  bound: 'number',
  reads: ['min', 'max', 'severity', 'category'],
  severity: 'policy',
  severityRange: 'only',
  unit: '',
  measure: (reports, assertion) => ({ value: countColours(reports, ['Red', 'Amber'], assertion.severity) }),
};
