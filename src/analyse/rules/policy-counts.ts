import type { PolicyRule } from '../../model/rule.js';
import { categoryLabel, policyLabel } from '../../validate/labels.js';
import { policyPointer } from '../locate.js';

/** More resources cannot pass than were checked. */
export const policyCounts: PolicyRule = {
  id: 'policy-counts',
  stage: 'policy',
  defaultSeverity: 'error',
  description: 'A policy states a PassedResourceCount above its TotalResourceCount.',
  rationale: 'Section 2.3, policy object: PassedResourceCount is the number of resources that passed out of TotalResourceCount "resources checked".',
  start() {
    return (policy, index, category, hits) => {
      if (policy.PassedResourceCount <= policy.TotalResourceCount) return;
      hits.push({
        pointer: policyPointer(category, index, 'PassedResourceCount'),
        message: `${policyLabel(policy)} in ${categoryLabel(category.category)} has ${policy.PassedResourceCount} resources passed out of only ${policy.TotalResourceCount} checked`,
        expected: `≤ ${policy.TotalResourceCount}`,
        actual: policy.PassedResourceCount,
      });
    };
  },
};
