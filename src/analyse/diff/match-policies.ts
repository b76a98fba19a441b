import type { PolicyMatch } from '../../model/diff.js';
import type { Policy, ResourceCategory } from '../../model/report.js';

/** What {@link matchPolicies} tells for each policy of either scan. */
export interface PolicyVisitor {
  /** A policy found in both scans. */
  pair(
    old: Policy,
    oldCategory: ResourceCategory,
    next: Policy,
    nextCategory: ResourceCategory,
    matchedBy: PolicyMatch,
  ): void;
  /** A policy of the new scan only. */
  added(policy: Policy, category: ResourceCategory): void;
  /** A policy of the old scan only. */
  removed(policy: Policy, category: ResourceCategory): void;
}

/**
 * Positions by key, taken in insertion order: a key seen twice pairs twice, in order.
 * A key seen once, the usual case, holds its position itself rather than an array:
 * a report of 300,000 policies would otherwise make 300,000 arrays.
 */
class Positions {
  readonly #byKey = new Map<string, number | number[]>();

  add(key: string, position: number): void {
    const held = this.#byKey.get(key);
    if (held === undefined) this.#byKey.set(key, position);
    else if (typeof held === 'number') this.#byKey.set(key, [held, position]);
    else held.push(position);
  }

  /** The first position of `key` not taken yet, or undefined. */
  take(key: string): number | undefined {
    const held = this.#byKey.get(key);
    if (held === undefined) return undefined;
    if (typeof held === 'number') {
      this.#byKey.delete(key);
      return held;
    }
    const position = held.shift();
    if (held.length === 0) this.#byKey.delete(key);
    return position;
  }
}

const fallbackKey = (policy: Policy): string => `${policy.ComplianceNumber}\u0000${policy.ShortTitle}`;

/**
 * Pairs the policies of an old and a new scan across the whole report (a policy may
 * move between categories): by PolicyId first, then, among those left, by
 * ComplianceNumber and ShortTitle together, for a service that renumbered its ids. A
 * key found several times on both sides pairs in document order. What is left is added
 * or removed. Each policy is told to `visitor` once; nothing is kept per policy but its
 * position, since reports hold 300,000 policies and most of them did not change.
 */
export function matchPolicies(
  oldCategories: readonly ResourceCategory[],
  newCategories: readonly ResourceCategory[],
  visitor: PolicyVisitor,
): void {
  const olds: Policy[] = [];
  const oldHome: ResourceCategory[] = [];
  const byId = new Positions();
  for (const category of oldCategories) {
    for (const policy of category.Policies) {
      byId.add(policy.PolicyId, olds.length);
      olds.push(policy);
      oldHome.push(category);
    }
  }
  const taken = new Uint8Array(olds.length);
  const unmatched: { policy: Policy; category: ResourceCategory }[] = [];
  for (const category of newCategories) {
    for (const policy of category.Policies) {
      const position = byId.take(policy.PolicyId);
      if (position === undefined) {
        unmatched.push({ policy, category });
        continue;
      }
      taken[position] = 1;
      visitor.pair(olds[position] as Policy, oldHome[position] as ResourceCategory, policy, category, 'PolicyId');
    }
  }
  if (unmatched.length > 0) {
    const byNumber = new Positions();
    for (let position = 0; position < olds.length; position += 1)
      if (taken[position] === 0) byNumber.add(fallbackKey(olds[position] as Policy), position);
    for (const { policy, category } of unmatched) {
      const position = byNumber.take(fallbackKey(policy));
      if (position === undefined) {
        visitor.added(policy, category);
        continue;
      }
      taken[position] = 1;
      visitor.pair(
        olds[position] as Policy,
        oldHome[position] as ResourceCategory,
        policy,
        category,
        'ComplianceNumber+ShortTitle',
      );
    }
  }
  for (let position = 0; position < olds.length; position += 1)
    if (taken[position] === 0) visitor.removed(olds[position] as Policy, oldHome[position] as ResourceCategory);
}
