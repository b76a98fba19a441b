import type { CategoryView, ReportView } from '../model/view-model.js';
import { displayCount } from './display-values.js';

/** A worst category and the label every format gives it: its rank, 1 for the worst. */
export interface RankedCategory {
  rank: number;
  category: CategoryView;
  /** What ranked it and what it is beside: see {@link worstFiguresText}. */
  figuresText: string;
}

/**
 * What ranked a worst category, then its percent and assessed coverage, in the words
 * every format prints: `Red 115, weighted 339; 345 failing resources; Amber 0; 5.0%
 * compliant (6 Green of 121 assessed, of 130 policies)`. The measure comes first, as it
 * ranks; the percent stays beside it so that a reader can still compare by it.
 */
export function worstFiguresText(category: CategoryView): string {
  const { red, amber, green, assessed, total, failingResources, percentText } = category.figures;
  const failing = `${displayCount(failingResources)} failing resource${failingResources === 1 ? '' : 's'}`;
  return `Red ${displayCount(red)}, weighted ${displayCount(category.redWeight)}; ${failing}; Amber ${displayCount(amber)}; ${percentText} compliant (${displayCount(green)} Green of ${displayCount(assessed)} assessed, of ${displayCount(total)} policies)`;
}

/**
 * A report's worst categories with their ranks, 1 to n, as the HTML list, the PDF lines
 * and the workbook's Worst rank column all label them. Ranks, not category numbers: a
 * list that read 6, 2, 1 looked broken, and the category number is in the category table.
 */
export function rankWorstCategories(worst: readonly CategoryView[]): RankedCategory[] {
  return worst.map((category, index) => ({ rank: index + 1, category, figuresText: worstFiguresText(category) }));
}

/** The rank of a category among its report's worst categories, or null when it is not among them. */
export function worstRank(report: ReportView, category: CategoryView): number | null {
  const index = report.worstCategories.indexOf(category);
  return index === -1 ? null : index + 1;
}
