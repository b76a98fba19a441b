import type { ReportRule, RuleHit } from '../../model/rule.js';
import { categoryLabel } from '../../model/labels.js';
import { categoryPointer } from '../locate.js';

/** The stated colour counts of a category must add up to its stated Total. */
export const categoryTotal: ReportRule = {
  id: 'category-total',
  stage: 'report',
  defaultSeverity: 'error',
  description: 'A category states a Total that differs from Green + Red + Amber + Gray.',
  rationale: 'Section 2.3, category object: Total "in the sample equals Green + Red + Amber + Gray".',
  check({ categories }): RuleHit[] {
    const hits: RuleHit[] = [];
    for (const context of categories) {
      const { Total, Green, Red, Amber, Gray } = context.category;
      const sum = Green + Red + Amber + Gray;
      if (Total !== sum) {
        hits.push({
          pointer: categoryPointer(context, 'Total'),
          message: `${categoryLabel(context.category)} states Total ${Total}, but Green + Red + Amber + Gray = ${Green} + ${Red} + ${Amber} + ${Gray} = ${sum}`,
          expected: sum,
          actual: Total,
        });
      }
    }
    return hits;
  },
};
