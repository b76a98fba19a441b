import type { Policy } from '../../model/report.js';
import type { PolicyRule } from '../../model/rule.js';
import { categoryLabel, policyLabel } from '../../model/labels.js';
import { policyPointer, quote } from '../locate.js';
import { observedSets } from '../../model/observed-values.js';

/**
 * The colour the resource counts call for, per the relations observed in section 2.3;
 * in a report built from another scanner's results (`scanner`), a check with any
 * failing resource is Red, as the scanner reports it (docs/scanner-inputs.md).
 */
export function expectedCompliance(
  policy: Pick<Policy, 'PassedResourceCount' | 'TotalResourceCount'>,
  scanner = false,
): string {
  const { PassedResourceCount: passed, TotalResourceCount: total } = policy;
  if (total === 0) return 'Gray';
  if (passed === total) return 'Green';
  if (passed === 0 || scanner) return 'Red';
  return 'Amber';
}

/** A policy's colour must follow from its passed and total resource counts. */
export const policyCompliance: PolicyRule = {
  id: 'policy-compliance',
  stage: 'policy',
  defaultSeverity: 'error',
  description:
    "A policy's Compliance contradicts its resource counts (0 checked → Gray, all passed → Green, none passed → Red, some → Amber).",
  rationale:
    'Section 2.3, "Observed relations in the sample": TotalResourceCount 0 has Compliance Gray; Passed = Total > 0 has Green; Passed 0 < Total has Red; some but not all passed has Amber.',
  start({ report }) {
    const scanner = report['Scanner'] !== undefined;
    return (category, hits) => {
      const policies = category.category.Policies;
      for (let index = 0; index < policies.length; index += 1) {
        const policy = policies[index]!;
        const expected = expectedCompliance(policy, scanner);
        if (policy.Compliance === expected) continue;
        // Counts that contradict each other (policy-counts) or a colour nobody knows
        // (unknown-value) are reported by their own rules; a second finding adds nothing.
        if (policy.PassedResourceCount > policy.TotalResourceCount || !observedSets.Compliance.has(policy.Compliance))
          continue;
        hits.push({
          pointer: policyPointer(category, index, 'Compliance'),
          message: `${policyLabel(policy)} in ${categoryLabel(category.category)} is ${quote(policy.Compliance)} but ${policy.PassedResourceCount} of ${policy.TotalResourceCount} resources passed, which makes it ${expected}`,
          expected,
          actual: policy.Compliance,
        });
      }
    };
  },
};
