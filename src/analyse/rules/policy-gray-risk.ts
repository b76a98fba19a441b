import type { PolicyRule } from '../../model/rule.js';
import { categoryLabel, policyLabel } from '../../validate/labels.js';
import { policyPointer, quote } from '../locate.js';

/** A policy that checked nothing carries no risk: RiskProbability " " and RiskLevel "". */
export const policyGrayRisk: PolicyRule = {
  id: 'policy-gray-risk',
  stage: 'policy',
  defaultSeverity: 'error',
  description: 'A Gray policy, or one that checked no resource, has a RiskProbability other than a single space or a non-empty RiskLevel.',
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
        if (policy.RiskProbability !== ' ') {
          hits.push({
            pointer: policyPointer(category, index, 'RiskProbability'),
            message: `${where} but has RiskProbability ${quote(policy.RiskProbability)} instead of " "`,
            expected: ' ',
            actual: policy.RiskProbability,
          });
        }
        if (policy.RiskLevel !== '') {
          hits.push({
            pointer: policyPointer(category, index, 'RiskLevel'),
            message: `${where} but has RiskLevel ${quote(policy.RiskLevel)} instead of ""`,
            expected: '',
            actual: policy.RiskLevel,
          });
        }
      }
    };
  },
};
