import type { PolicyRule } from '../../model/rule.js';
import { categoryLabel, policyLabel, reportLabel } from '../../validate/labels.js';
import { policyPointer, quote } from '../locate.js';
import { hasObservedValues, isObserved, observedValues } from '../observed-values.js';

const policyFields = ['Compliance', 'Severity', 'RiskProbability', 'RiskLevel'] as const;

function listValues(values: readonly string[]): string {
  return values.map((value) => quote(value)).join(', ');
}

/** Values outside the observed sets are kept and rendered, but flagged. */
export const unknownValue: PolicyRule = {
  id: 'unknown-value',
  stage: 'policy',
  defaultSeverity: 'warning',
  description: 'Compliance, Severity, RiskProbability, RiskLevel or ConnectorType holds a value outside the observed set.',
  rationale:
    'Section 2.3 lists observed values only and says the full sets are "not shown", so an unseen value may be legitimate; it is worth a look, not a failure.',
  start({ report, pointer }, hits) {
    if (!isObserved('ConnectorType', report.ConnectorType)) {
      hits.push({
        pointer: `${pointer}/ConnectorType`,
        message: `ConnectorType of ${reportLabel(report)} is ${quote(report.ConnectorType)}, not one of ${listValues(observedValues.ConnectorType)}`,
        expected: observedValues.ConnectorType,
        actual: report.ConnectorType,
      });
    }
    return (category, policyHits) => {
      const policies = category.category.Policies;
      for (let index = 0; index < policies.length; index += 1) {
        const policy = policies[index]!;
        if (hasObservedValues(policy)) continue;
        // The risk of a policy that checked nothing is policy-gray-risk's to judge;
        // one value gets one finding.
        const checkedNothing = policy.Compliance === 'Gray' || policy.TotalResourceCount === 0;
        for (const field of policyFields) {
          if (checkedNothing && field !== 'Compliance' && field !== 'Severity') continue;
          if (isObserved(field, policy[field])) continue;
          policyHits.push({
            pointer: policyPointer(category, index, field),
            message: `${field} of ${policyLabel(policy)} in ${categoryLabel(category.category)} is ${quote(policy[field])}, not one of ${listValues(observedValues[field])}`,
            expected: observedValues[field],
            actual: policy[field],
          });
        }
      }
    };
  },
};
