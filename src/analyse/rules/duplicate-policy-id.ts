import type { CategoryInContext, ReportRule, RuleHit } from '../../model/rule.js';
import { categoryLabel, policyLabel } from '../../validate/labels.js';
import { policyPointer, quote } from '../locate.js';

/** A PolicyId names one check; the same id twice in a benchmark double-counts it. */
export const duplicatePolicyId: ReportRule = {
  id: 'duplicate-policy-id',
  stage: 'report',
  defaultSeverity: 'error',
  description: 'A PolicyId repeats within one benchmark report.',
  rationale: 'Section 2.3, policy object: PolicyId is the "policy identifier"; a repeat counts one check twice in every total.',
  *check({ categories }): Iterable<RuleHit> {
    const first = new Map<string, { context: CategoryInContext; index: number }>();
    for (const context of categories) {
      const policies = context.category.Policies;
      for (let index = 0; index < policies.length; index += 1) {
        const policy = policies[index]!;
        const earlier = first.get(policy.PolicyId);
        if (earlier === undefined) {
          first.set(policy.PolicyId, { context, index });
          continue;
        }
        const where = `${policyLabel(earlier.context.category.Policies[earlier.index])} in ${categoryLabel(earlier.context.category)}`;
        yield {
          pointer: policyPointer(context, index, 'PolicyId'),
          message: `${policyLabel(policy)} in ${categoryLabel(context.category)} repeats PolicyId ${quote(policy.PolicyId)} of ${where}`,
          expected: 'a PolicyId used once per benchmark',
          actual: policy.PolicyId,
        };
      }
    }
  },
};
