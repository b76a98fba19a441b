import type { PolicyRule } from '../../model/rule.js';
import { categoryLabel, policyLabel } from '../../model/labels.js';
import { policyPointer } from '../locate.js';

/** More resources cannot pass than were checked. */
export const policyCounts: PolicyRule = {
  id: 'policy-counts',
  stage: 'policy',
  defaultSeverity: 'error',
  description: 'A policy states a PassedResourceCount above its TotalResourceCount.',
  rationale:
    'Section 2.3, policy object: PassedResourceCount is the number of resources that passed out of TotalResourceCount "resources checked".',
  start() {
    return (category, hits) => {
      const policies = category.category.Policies;
      for (let index = 0; index < policies.length; index += 1) {
        const policy = policies[index]!;
        if (policy.PassedResourceCount <= policy.TotalResourceCount) continue;
        hits.push({
          pointer: policyPointer(category, index, 'PassedResourceCount'),
          message: `${policyLabel(policy)} in ${categoryLabel(category.category)} has ${policy.PassedResourceCount} resources passed out of only ${policy.TotalResourceCount} checked`,
          expected: `≤ ${policy.TotalResourceCount}`,
          actual: policy.PassedResourceCount,
        });
      }
    };
  },
};
