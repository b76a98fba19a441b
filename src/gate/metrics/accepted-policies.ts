import type { GateMetric } from '../gate-metric.js';
import { countAccepted } from '../accepted-scope.js';

/** Failing policies in scope that an exception in force accepts, of one Severity when given. */
export const acceptedPolicies: GateMetric = {
  describe:
    'failing policies an exception in force accepts (set apart from the colour counts), of one severity when given',
  bound: 'number',
  reads: ['min', 'max', 'severity', 'category'],
  severity: 'policy',
  severityRange: 'only',
  unit: '',
  measure: (reports, assertion) => ({ value: countAccepted(reports, ['Red', 'Amber'], assertion.severity) }),
};
