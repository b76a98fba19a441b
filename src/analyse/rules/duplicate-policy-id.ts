import type { PolicyRule } from '../../model/rule.js';
import { categoryLabel, policyLabel } from '../../model/labels.js';
import { findFirstPolicy } from '../find-policy.js';
import { policyPointer, quote } from '../locate.js';

/** A PolicyId names one check; the same id twice in a benchmark double-counts it. */
export const duplicatePolicyId: PolicyRule = {
  id: 'duplicate-policy-id',
  stage: 'policy',
  defaultSeverity: 'error',
  description: 'A PolicyId repeats within one benchmark report.',
  rationale:
    'Section 2.3, policy object: PolicyId is the "policy identifier"; a repeat counts one check twice in every total.',
  start({ categories }) {
    const seen = new Set<string>();
    return (category, hits) => {
      const policies = category.category.Policies;
      for (let index = 0; index < policies.length; index += 1) {
        const policy = policies[index]!;
        // One lookup instead of has() then add(): this runs for every policy.
        const before = seen.size;
        seen.add(policy.PolicyId);
        if (seen.size !== before) continue;
        const first = findFirstPolicy(categories, 'PolicyId', policy.PolicyId);
        const where = first ? ` of ${policyLabel(first.policy)} in ${categoryLabel(first.context.category)}` : '';
        hits.push({
          pointer: policyPointer(category, index, 'PolicyId'),
          message: `${policyLabel(policy)} in ${categoryLabel(category.category)} repeats PolicyId ${quote(policy.PolicyId)}${where}`,
          expected: 'a PolicyId used once per benchmark',
          actual: policy.PolicyId,
        });
      }
    };
  },
};
