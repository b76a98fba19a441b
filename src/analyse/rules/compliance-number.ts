import type { Policy } from '../../model/report.js';
import type { CategoryInContext, PolicyRule, RuleHit } from '../../model/rule.js';
import { categoryLabel, policyLabel } from '../../model/labels.js';
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

/** The first segment most dotted numbers of a category share, and how many share it. */
interface CommonSegment {
  segment: string;
  count: number;
}

/** Counts the first segments of a category's dotted numbers; the first one counted wins a tie. */
function commonFirstSegment(context: CategoryInContext): CommonSegment | undefined {
  const counts = new Map<string, number>();
  for (const policy of context.category.Policies) {
    const segment = firstSegment(policy.ComplianceNumber);
    if (segment !== undefined) counts.set(segment, (counts.get(segment) ?? 0) + 1);
  }
  let best: CommonSegment | undefined;
  for (const [segment, count] of counts) {
    if (!best || count > best.count) best = { segment, count };
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
    return (category, hits) => {
      const policies = category.category.Policies;
      // Most categories number every policy under one first segment, so each number is
      // only compared with the category's first dotted number; only a category that
      // mixes segments is counted out (strayHits), in a second loop.
      let expected: string | undefined;
      let mixed = false;
      const found: Located[] = [];
      for (let index = 0; index < policies.length; index += 1) {
        const number = policies[index]!.ComplianceNumber;
        // One lookup instead of has() then add(): this runs for every policy.
        const before = seen.size;
        seen.add(number);
        if (seen.size === before) found.push({ index, hit: repeatHit(categories, category, policies[index]!, index) });
        if (mixed || (expected !== undefined && hasSegment(number, expected))) continue;
        const segment = firstSegment(number);
        if (segment === undefined) continue;
        if (expected === undefined) expected = segment;
        else mixed = true;
      }
      if (mixed) {
        for (const stray of strayHits(category)) found.push(stray);
        // Findings in policy order; the sort is stable, so a repeat stays before the
        // stray segment of the same policy.
        found.sort((a, b) => a.index - b.index);
      }
      for (const { hit } of found) hits.push(hit);
    };
  },
};

/** A hit and the index of its policy in the category. */
interface Located {
  index: number;
  hit: RuleHit;
}

/** Dotted numbers whose first segment differs from the one most of the category shares. */
function strayHits(category: CategoryInContext): Located[] {
  const common = commonFirstSegment(category);
  // With no segment shared by two policies there is no "rest of the category" to leave.
  if (!common || common.count < 2) return [];
  const policies = category.category.Policies;
  const strays: Located[] = [];
  for (let index = 0; index < policies.length; index += 1) {
    const number = policies[index]!.ComplianceNumber;
    if (hasSegment(number, common.segment) || firstSegment(number) === undefined) continue;
    strays.push({ index, hit: strayHit(category, policies[index]!, index, common) });
  }
  return strays;
}

function repeatHit(
  categories: readonly CategoryInContext[],
  category: CategoryInContext,
  policy: Policy,
  index: number,
): RuleHit {
  const number = policy.ComplianceNumber;
  const first = findFirstPolicy(categories, 'ComplianceNumber', number);
  const where = first ? ` of ${policyLabel(first.policy)} in ${categoryLabel(first.context.category)}` : '';
  return {
    pointer: policyPointer(category, index, 'ComplianceNumber'),
    message: `${policyLabel(policy)} in ${categoryLabel(category.category)} repeats ComplianceNumber ${quote(number)}${where}`,
    expected: 'a ComplianceNumber used once per benchmark',
    actual: number,
    severity: 'error',
  };
}

function strayHit(category: CategoryInContext, policy: Policy, index: number, common: CommonSegment): RuleHit {
  const number = policy.ComplianceNumber;
  return {
    pointer: policyPointer(category, index, 'ComplianceNumber'),
    message: `${policyLabel(policy)} in ${categoryLabel(category.category)} is numbered ${quote(number)}, but ${common.count} other policies of the category are numbered ${common.segment}.x`,
    expected: `${common.segment}.…`,
    actual: number,
    severity: 'warning',
  };
}
