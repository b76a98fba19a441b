import type { CategoryView, ReportView } from '../model/view-model.js';

/** A worst category and the label every format gives it: its rank, 1 for the worst. */
export interface RankedCategory {
  rank: number;
  category: CategoryView;
}

/**
 * A report's worst categories with their ranks, 1 to n, as the HTML list, the PDF lines
 * and the workbook's Worst rank column all label them. Ranks, not category numbers: a
 * list that read 6, 2, 1 looked broken, and the category number is in the category table.
 */
export function rankWorstCategories(worst: readonly CategoryView[]): RankedCategory[] {
  return worst.map((category, index) => ({ rank: index + 1, category }));
}

/** The rank of a category among its report's worst categories, or null when it is not among them. */
export function worstRank(report: ReportView, category: CategoryView): number | null {
  return rankWorstCategories(report.worstCategories).find((ranked) => ranked.category === category)?.rank ?? null;
}
