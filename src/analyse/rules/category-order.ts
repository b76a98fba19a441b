import type { CategoryInContext, ReportRule, RuleHit } from '../../model/rule.js';
import { categoryLabel, reportLabel } from '../../model/labels.js';
import { categoryPointer } from '../locate.js';

function listNumbers(numbers: readonly number[]): string {
  const shown = numbers.slice(0, 10).join(', ');
  return numbers.length > 10 ? `${shown} and ${numbers.length - 10} more` : shown;
}

/** Categories are numbered 1..n and listed in that order. */
export const categoryOrder: ReportRule = {
  id: 'category-order',
  stage: 'report',
  defaultSeverity: 'error',
  description:
    'ControlCategoryOrder is not 1..n without gaps or repeats, or the categories are not listed in that order.',
  rationale:
    'Section 2.3: ControlCategoryOrder is the "position of the category, starting at 1", and ResourceCategories is "ordered by ControlCategoryOrder in the sample".',
  check({ report, pointer, categories }): RuleHit[] {
    const hits: RuleHit[] = [];
    const count = categories.length;
    const seen = new Map<number, CategoryInContext>();
    for (const context of categories) {
      const order = context.category.ControlCategoryOrder;
      const first = seen.get(order);
      if (first !== undefined) {
        hits.push({
          pointer: categoryPointer(context, 'ControlCategoryOrder'),
          message: `${categoryLabel(context.category)} repeats ControlCategoryOrder ${order} of ${categoryLabel(first.category)}`,
          expected: 'a position used once',
          actual: order,
        });
      } else if (order < 1 || order > count) {
        hits.push({
          pointer: categoryPointer(context, 'ControlCategoryOrder'),
          message: `${categoryLabel(context.category)} has ControlCategoryOrder ${order}, outside 1..${count} for a report of ${count} categories`,
          expected: `1..${count}`,
          actual: order,
        });
      }
      if (first === undefined) seen.set(order, context);
    }
    const missing: number[] = [];
    for (let position = 1; position <= count; position += 1) {
      if (!seen.has(position)) missing.push(position);
    }
    if (missing.length > 0) {
      hits.push({
        pointer: `${pointer}/ResourceCategories`,
        message: `${reportLabel(report)} numbers its ${count} categories with gaps: no category has ControlCategoryOrder ${listNumbers(missing)}`,
        expected: `1..${count}`,
        actual: categories.map((context) => context.category.ControlCategoryOrder),
      });
    }
    for (let index = 1; index < count; index += 1) {
      const before = categories[index - 1]!.category;
      const context = categories[index]!;
      if (context.category.ControlCategoryOrder < before.ControlCategoryOrder) {
        hits.push({
          pointer: categoryPointer(context, 'ControlCategoryOrder'),
          message: `${categoryLabel(context.category)} (ControlCategoryOrder ${context.category.ControlCategoryOrder}) is listed after ${categoryLabel(before)} (ControlCategoryOrder ${before.ControlCategoryOrder}); categories should be in ascending order`,
          expected: `≥ ${before.ControlCategoryOrder}`,
          actual: context.category.ControlCategoryOrder,
        });
        break;
      }
    }
    return hits;
  },
};
