import type { ReportRule, RuleHit } from '../../model/rule.js';
import { categoryLabel } from '../../model/labels.js';
import { categoryPointer } from '../locate.js';

const colours = [
  ['Green', 'green'],
  ['Red', 'red'],
  ['Amber', 'amber'],
  ['Gray', 'gray'],
] as const;

/** Stated counts must match the policies the category really holds. */
export const categoryCount: ReportRule = {
  id: 'category-count',
  stage: 'report',
  defaultSeverity: 'error',
  description: 'A category states a colour count or a Total that differs from the policies it holds.',
  rationale:
    'Section 2.3, category object: Total is the "number of policies in the category" and Green, Red, Amber, Gray the "number of policies with compliance" of that colour.',
  check({ categories }): RuleHit[] {
    const hits: RuleHit[] = [];
    for (const context of categories) {
      const { category, figures } = context;
      if (category.Total !== figures.total) {
        hits.push({
          pointer: categoryPointer(context, 'Total'),
          message: `${categoryLabel(category)} states Total ${category.Total} but holds ${figures.total} ${figures.total === 1 ? 'policy' : 'policies'}`,
          expected: figures.total,
          actual: category.Total,
        });
      }
      for (const [field, key] of colours) {
        if (category[field] !== figures[key]) {
          hits.push({
            pointer: categoryPointer(context, field),
            message: `${categoryLabel(category)} states ${field} ${category[field]} but holds ${figures[key]} ${field} ${figures[key] === 1 ? 'policy' : 'policies'}`,
            expected: figures[key],
            actual: category[field],
          });
        }
      }
    }
    return hits;
  },
};
