import type { ReportRule, RuleHit } from '../../model/rule.js';
import { categoryLabel, policyLabel } from '../../validate/labels.js';
import { policyPointer } from '../locate.js';

/** More resources cannot pass than were checked. */
export const policyCounts: ReportRule = {
  id: 'policy-counts',
  stage: 'report',
  defaultSeverity: 'error',
  description: 'A policy states a PassedResourceCount above its TotalResourceCount.',
  rationale: 'Section 2.3, policy object: PassedResourceCount is the number of resources that passed out of TotalResourceCount "resources checked".',
  check({ categories }): RuleHit[] {
    const hits: RuleHit[] = [];
    for (const context of categories) {
      const policies = context.category.Policies;
      for (let index = 0; index < policies.length; index += 1) {
        const policy = policies[index]!;
        if (policy.PassedResourceCount > policy.TotalResourceCount) {
          hits.push({
            pointer: policyPointer(context, index, 'PassedResourceCount'),
            message: `${policyLabel(policy)} in ${categoryLabel(context.category)} has ${policy.PassedResourceCount} resources passed out of only ${policy.TotalResourceCount} checked`,
            expected: `≤ ${policy.TotalResourceCount}`,
            actual: policy.PassedResourceCount,
          });
        }
      }
    }
    return hits;
  },
};
