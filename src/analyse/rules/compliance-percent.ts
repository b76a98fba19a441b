import type { ReportRule, RuleHit } from '../../model/rule.js';
import { categoryLabel } from '../../model/labels.js';
import { categoryPointer } from '../locate.js';
import { checkPercent } from '../percent-finding.js';
import { defaultPercentFormula } from '../percent-formulas.js';

/** A category's stated percent must follow from its stated counts. */
export const compliancePercent: ReportRule = {
  id: 'compliance-percent',
  stage: 'report',
  defaultSeverity: 'warning',
  description:
    'A category states a CompliancePercent that differs from Green / (Total − Gray) × 100 (or the formula pinned with --percent-formula); the finding names the formula the value fits, if any.',
  rationale:
    'Section 2.3 leaves the formula "not shown". The service\'s published sample fits Green / (Total − Gray) × 100 in every category, printed at single precision (15.3846159), so values are compared with a relative tolerance of 1e-4. A warning by default because the formula is inferred.',
  check({ categories, percentFormula }): RuleHit[] {
    const hits: RuleHit[] = [];
    for (const context of categories) {
      const { category, figures } = context;
      // The colour counts, not the stated Total: a wrong Total is category-total's
      // finding and must not make the percent look wrong too.
      const inputs = {
        total: category.Green + category.Red + category.Amber + category.Gray,
        green: category.Green,
        gray: category.Gray,
        passedResources: figures.passedResources,
        totalResources: figures.totalResources,
      };
      const hit = checkPercent(
        () => categoryLabel(category),
        categoryPointer(context, 'CompliancePercent'),
        category.CompliancePercent,
        inputs,
        percentFormula ?? defaultPercentFormula,
      );
      if (hit) hits.push(hit);
    }
    return hits;
  },
};
