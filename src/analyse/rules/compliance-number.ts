import type { CategoryInContext, ReportRule, RuleHit } from '../../model/rule.js';
import { categoryLabel, policyLabel } from '../../validate/labels.js';
import { policyPointer, quote } from '../locate.js';

const dotted = /^(\d+)(?:\.\d+)+$/;

/** The first segment most dotted numbers of the category share, with its count. */
function commonFirstSegment(context: CategoryInContext): { segment: string; count: number } | undefined {
  const counts = new Map<string, number>();
  for (const policy of context.category.Policies) {
    const match = dotted.exec(policy.ComplianceNumber);
    if (match) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1);
  }
  let best: { segment: string; count: number } | undefined;
  for (const [segment, count] of counts) {
    if (!best || count > best.count) best = { segment, count };
  }
  return best;
}

function describe({ context, index }: { context: CategoryInContext; index: number }): string {
  return `${policyLabel(context.category.Policies[index])} in ${categoryLabel(context.category)}`;
}

/**
 * ComplianceNumbers identify policies within a benchmark. Repeats are errors; a dotted
 * number that leaves its category's common first segment is a warning, because real
 * reports also use ids (`CCE-37741-6`) and deeper levels (`4.2.1.1`) in any order.
 */
export const complianceNumber: ReportRule = {
  id: 'compliance-number',
  stage: 'report',
  defaultSeverity: 'error',
  description:
    'A ComplianceNumber repeats within a benchmark report (error), or a dotted one starts with another category number than the rest of its category (warning).',
  rationale:
    'Section 2.3, policy object: ComplianceNumber is a "dotted number, category number then policy number". The published sample numbers categories 1000, 1100, … and also uses ids such as CCE-37741-6, so only repeats and a stray category number are flagged.',
  *check({ categories }): Iterable<RuleHit> {
    const first = new Map<string, { context: CategoryInContext; index: number }>();
    for (const context of categories) {
      const common = commonFirstSegment(context);
      const policies = context.category.Policies;
      for (let index = 0; index < policies.length; index += 1) {
        const policy = policies[index]!;
        const number = policy.ComplianceNumber;
        const earlier = first.get(number);
        if (earlier !== undefined) {
          yield {
            pointer: policyPointer(context, index, 'ComplianceNumber'),
            message: `${policyLabel(policy)} in ${categoryLabel(context.category)} repeats ComplianceNumber ${quote(number)} of ${describe(earlier)}`,
            expected: 'a ComplianceNumber used once per benchmark',
            actual: number,
            severity: 'error',
          };
        } else {
          first.set(number, { context, index });
        }
        const segment = dotted.exec(number)?.[1];
        if (common && segment !== undefined && segment !== common.segment && common.count > 1) {
          yield {
            pointer: policyPointer(context, index, 'ComplianceNumber'),
            message: `${policyLabel(policy)} in ${categoryLabel(context.category)} is numbered ${quote(number)}, but ${common.count} other policies of the category are numbered ${common.segment}.x`,
            expected: `${common.segment}.…`,
            actual: number,
            severity: 'warning',
          };
        }
      }
    }
  },
};
