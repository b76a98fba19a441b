import type { Policy } from '../model/report.js';
import type { CategoryInContext } from '../model/rule.js';

/**
 * The first policy, in report order, whose `field` equals `value`. Rules that look for
 * repeats remember only the values they have seen (a Set, no object per policy) and
 * come back here for the rare repeat, to name the policy it repeats.
 */
export function findFirstPolicy(
  categories: readonly CategoryInContext[],
  field: 'PolicyId' | 'ComplianceNumber',
  value: string,
): { context: CategoryInContext; policy: Policy } | undefined {
  for (const context of categories) {
    const policy = context.category.Policies.find((candidate) => candidate[field] === value);
    if (policy) return { context, policy };
  }
  return undefined;
}
