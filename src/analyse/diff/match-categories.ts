import type { ResourceCategory } from '../../model/report.js';

/** The categories of two scans of one report, paired; `old` or `new` is absent for one scan's only. */
export interface CategoryPair {
  old?: ResourceCategory;
  new?: ResourceCategory;
}

/**
 * Pairs categories by CategoryId, else by CategoryName among those left, in the new
 * scan's order followed by the old scan's categories that are gone. A key found several
 * times pairs in document order.
 */
export function matchCategories(olds: readonly ResourceCategory[], news: readonly ResourceCategory[]): CategoryPair[] {
  const left = new Set(olds);
  const pairs: CategoryPair[] = news.map((category) => ({ new: category }));
  for (const field of ['CategoryId', 'CategoryName'] as const) {
    const byKey = new Map<string, ResourceCategory[]>();
    for (const category of left) {
      const list = byKey.get(category[field]);
      if (list) list.push(category);
      else byKey.set(category[field], [category]);
    }
    for (const pair of pairs) {
      if (pair.old || !pair.new) continue;
      const found = byKey.get(pair.new[field])?.shift();
      if (found) {
        pair.old = found;
        left.delete(found);
      }
    }
  }
  return [...pairs, ...[...left].map((category) => ({ old: category }))];
}
