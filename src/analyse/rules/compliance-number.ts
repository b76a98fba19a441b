import type { CategoryInContext, PolicyRule } from '../../model/rule.js';
import { categoryLabel, policyLabel } from '../../validate/labels.js';
import { findFirstPolicy } from '../find-policy.js';
import { policyPointer, quote } from '../locate.js';

/**
 * Length of the first segment of a dotted number: the digits before its first dot (4
 * for `1100.2`, 1 for `4.2.1.1`), or -1 for anything else (`CCE-37741-6`, `1100`).
 */
function firstSegmentLength(number: string): number {
  let index = 0;
  while (index < number.length && number.charCodeAt(index) >= 48 && number.charCodeAt(index) <= 57) index += 1;
  return index > 0 && number.charCodeAt(index) === 46 ? index : -1;
}

function firstSegment(number: string): string | undefined {
  const length = firstSegmentLength(number);
  return length > 0 ? number.slice(0, length) : undefined;
}

/**
 * True when `number` starts with `segment` and a dot. `segment` is all digits, so this
 * is the same as comparing first segments, without cutting a new string: it runs for
 * every policy.
 */
function hasSegment(number: string, segment: string): boolean {
  return number.charCodeAt(segment.length) === 46 && number.startsWith(segment);
}

/** The first segment most dotted numbers of a category share, how many share it, and whether any differ. */
interface CommonSegment {
  segment: string;
  count: number;
  allAlike: boolean;
}

function commonFirstSegment(context: CategoryInContext): CommonSegment | undefined {
  const counts = new Map<string, number>();
  // Numbers of a category mostly share their segment and come in runs: count a run in
  // a local and reuse its string, instead of a map update and a new string per policy.
  let last: string | undefined;
  let run = 0;
  for (const policy of context.category.Policies) {
    if (last !== undefined && hasSegment(policy.ComplianceNumber, last)) {
      run += 1;
      continue;
    }
    const segment = firstSegment(policy.ComplianceNumber);
    if (segment === undefined) continue;
    if (last !== undefined) counts.set(last, (counts.get(last) ?? 0) + run);
    last = segment;
    run = 1;
  }
  if (last === undefined) return undefined;
  counts.set(last, (counts.get(last) ?? 0) + run);
  let best: CommonSegment | undefined;
  for (const [segment, count] of counts) {
    if (!best || count > best.count) best = { segment, count, allAlike: counts.size === 1 };
  }
  return best;
}

/**
 * ComplianceNumbers identify policies within a benchmark. Repeats are errors; a dotted
 * number that leaves its category's common first segment is a warning, because real
 * reports also use ids (`CCE-37741-6`) and deeper levels (`4.2.1.1`) in any order.
 */
export const complianceNumber: PolicyRule = {
  id: 'compliance-number',
  stage: 'policy',
  defaultSeverity: 'error',
  description:
    'A ComplianceNumber repeats within a benchmark report (error), or a dotted one starts with another category number than the rest of its category (warning).',
  rationale:
    'Section 2.3, policy object: ComplianceNumber is a "dotted number, category number then policy number". The published sample numbers categories 1000, 1100, … and also uses ids such as CCE-37741-6, so only repeats and a stray category number are flagged.',
  start({ categories }) {
    const seen = new Set<string>();
    // The visitor meets the policies category by category: the common segment is
    // worked out once when a new category begins.
    let current: CategoryInContext | undefined;
    let common: CommonSegment | undefined;
    return (policy, index, category, hits) => {
      if (category !== current) {
        current = category;
        common = commonFirstSegment(category);
      }
      const number = policy.ComplianceNumber;
      if (seen.has(number)) {
        const first = findFirstPolicy(categories, 'ComplianceNumber', number);
        const where = first ? ` of ${policyLabel(first.policy)} in ${categoryLabel(first.context.category)}` : '';
        hits.push({
          pointer: policyPointer(category, index, 'ComplianceNumber'),
          message: `${policyLabel(policy)} in ${categoryLabel(category.category)} repeats ComplianceNumber ${quote(number)}${where}`,
          expected: 'a ComplianceNumber used once per benchmark',
          actual: number,
          severity: 'error',
        });
      } else {
        seen.add(number);
      }
      if (!common || common.allAlike || common.count < 2 || hasSegment(number, common.segment)) return;
      if (firstSegment(number) === undefined) return;
      hits.push({
        pointer: policyPointer(category, index, 'ComplianceNumber'),
        message: `${policyLabel(policy)} in ${categoryLabel(category.category)} is numbered ${quote(number)}, but ${common.count} other policies of the category are numbered ${common.segment}.x`,
        expected: `${common.segment}.…`,
        actual: number,
        severity: 'warning',
      });
    };
  },
};
