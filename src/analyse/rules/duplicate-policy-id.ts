import type { ReportRule, RuleHit } from '../../model/rule.js';
import { categoryLabel, policyLabel } from '../../validate/labels.js';
import { findFirstPolicy } from '../find-policy.js';
import { policyPointer, quote } from '../locate.js';

/** A PolicyId names one check; the same id twice in a benchmark double-counts it. */
export const duplicatePolicyId: ReportRule = {
  id: 'duplicate-policy-id',
  stage: 'report',
  defaultSeverity: 'error',
  description: 'A PolicyId repeats within one benchmark report.',
  rationale: 'Section 2.3, policy object: PolicyId is the "policy identifier"; a repeat counts one check twice in every total.',
  check({ categories }): RuleHit[] {
    const hits: RuleHit[] = [];
    const seen = new Set<string>();
    for (const context of categories) {
      const policies = context.category.Policies;
      for (let index = 0; index < policies.length; index += 1) {
        const policy = policies[index]!;
        if (!seen.has(policy.PolicyId)) {
          seen.add(policy.PolicyId);
          continue;
        }
        const first = findFirstPolicy(categories, 'PolicyId', policy.PolicyId);
        const where = first ? ` of ${policyLabel(first.policy)} in ${categoryLabel(first.context.category)}` : '';
        hits.push({
          pointer: policyPointer(context, index, 'PolicyId'),
          message: `${policyLabel(policy)} in ${categoryLabel(context.category)} repeats PolicyId ${quote(policy.PolicyId)}${where}`,
          expected: 'a PolicyId used once per benchmark',
          actual: policy.PolicyId,
        });
      }
    }
    return hits;
  },
};
