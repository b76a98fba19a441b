import type { PolicyMatch } from '../../model/diff.js';
import type { Policy, ResourceCategory } from '../../model/report.js';

/** A policy with the category it sits in. */
export interface PlacedPolicy {
  policy: Policy;
  category: ResourceCategory;
}

/** The policies of two scans of one report, paired. */
export interface PolicyPairing {
  pairs: { old: PlacedPolicy; new: PlacedPolicy; matchedBy: PolicyMatch }[];
  added: PlacedPolicy[];
  removed: PlacedPolicy[];
}

function placed(categories: readonly ResourceCategory[]): PlacedPolicy[] {
  const all: PlacedPolicy[] = [];
  for (const category of categories) for (const policy of category.Policies) all.push({ policy, category });
  return all;
}

/** A multimap whose values are taken in insertion order: a key seen twice pairs twice, in order. */
class Queues<T> {
  readonly #byKey = new Map<string, T[]>();
  readonly #next = new Map<string, number>();

  add(key: string, value: T): void {
    const list = this.#byKey.get(key);
    if (list) list.push(value);
    else this.#byKey.set(key, [value]);
  }

  take(key: string): T | undefined {
    const list = this.#byKey.get(key);
    if (!list) return undefined;
    const index = this.#next.get(key) ?? 0;
    if (index >= list.length) return undefined;
    this.#next.set(key, index + 1);
    return list[index];
  }
}

const fallbackKey = (policy: Policy): string => `${policy.ComplianceNumber}\u0000${policy.ShortTitle}`;

/**
 * Pairs the policies of an old and a new scan across the whole report (a policy may
 * move between categories): by PolicyId first, then, among those left, by
 * ComplianceNumber and ShortTitle together, for a service that renumbered its ids. A
 * key found several times on both sides pairs in document order. What is left is added
 * or removed. Two passes over each side and no sorting: reports hold 300,000 policies.
 */
export function matchPolicies(oldCategories: readonly ResourceCategory[], newCategories: readonly ResourceCategory[]): PolicyPairing {
  const olds = placed(oldCategories);
  const news = placed(newCategories);
  const byId = new Queues<number>();
  olds.forEach((entry, index) => byId.add(entry.policy.PolicyId, index));
  const taken = new Uint8Array(olds.length);
  const pairs: PolicyPairing['pairs'] = [];
  const unmatched: PlacedPolicy[] = [];
  for (const entry of news) {
    const index = byId.take(entry.policy.PolicyId);
    if (index === undefined) {
      unmatched.push(entry);
      continue;
    }
    taken[index] = 1;
    pairs.push({ old: olds[index] as PlacedPolicy, new: entry, matchedBy: 'PolicyId' });
  }
  const added: PlacedPolicy[] = [];
  if (unmatched.length > 0) {
    const byNumber = new Queues<number>();
    olds.forEach((entry, index) => {
      if (taken[index] === 0) byNumber.add(fallbackKey(entry.policy), index);
    });
    for (const entry of unmatched) {
      const index = byNumber.take(fallbackKey(entry.policy));
      if (index === undefined) {
        added.push(entry);
        continue;
      }
      taken[index] = 1;
      pairs.push({ old: olds[index] as PlacedPolicy, new: entry, matchedBy: 'ComplianceNumber+ShortTitle' });
    }
  }
  const removed = olds.filter((_, index) => taken[index] === 0);
  return { pairs, added, removed };
}
