import type { PolicyRule } from '../../model/rule.js';
import { categoryLabel, policyLabel } from '../../model/labels.js';
import { policyPointer, quote } from '../locate.js';

/** The values of a policy that checked nothing: no risk to state. */
const noRisk = [
  ['RiskProbability', ' '],
  ['RiskLevel', ''],
] as const;

/** A policy that checked nothing carries no risk: RiskProbability " " and RiskLevel "". */
export const policyGrayRisk: PolicyRule = {
  id: 'policy-gray-risk',
  stage: 'policy',
  defaultSeverity: 'error',
  description:
    'A Gray policy, or one that checked no resource, has a RiskProbability other than a single space or a non-empty RiskLevel.',
  rationale:
    'Section 2.3, "Observed relations in the sample": a policy with TotalResourceCount 0 has Compliance Gray, RiskProbability of a single space and RiskLevel of an empty string.',
  start() {
    return (category, hits) => {
      const policies = category.category.Policies;
      for (let index = 0; index < policies.length; index += 1) {
        const policy = policies[index]!;
        if (policy.Compliance !== 'Gray' && policy.TotalResourceCount !== 0) continue;
        if (policy.RiskProbability === ' ' && policy.RiskLevel === '') continue;
        const where = `${policyLabel(policy)} in ${categoryLabel(category.category)} ${policy.Compliance === 'Gray' ? 'is Gray' : 'checked no resource'}`;
        for (const [field, expected] of noRisk) {
          if (policy[field] === expected) continue;
          hits.push({
            pointer: policyPointer(category, index, field),
            message: `${where} but has ${field} ${quote(policy[field])} instead of ${quote(expected)}`,
            expected,
            actual: policy[field],
          });
        }
      }
    };
  },
};
