import type { ColourCounts } from '../../model/report.js';
import type { ReportRule, RuleHit } from '../../model/rule.js';
import { reportLabel } from '../../model/labels.js';
import { checkPercent } from '../percent-finding.js';
import { defaultPercentFormula } from '../percent-formulas.js';

const fields = ['Total', 'Green', 'Red', 'Amber', 'Gray'] as const satisfies readonly (keyof ColourCounts)[];

/** The benchmark-level Posture must be the sum of its categories. */
export const postureTotal: ReportRule = {
  id: 'posture-total',
  stage: 'report',
  defaultSeverity: 'error',
  description:
    'A benchmark-level Posture count differs from the sum over its categories, or its CompliancePercent from its counts.',
  rationale:
    "Not in the specification: the service's published sample carries a benchmark-level Posture {Total, Green, Red, Amber, Gray, CompliancePercent} that sums its categories. Checked only when present; its percent is checked like a category's.",
  check({ report, pointer, categories, percentFormula }): RuleHit[] {
    const hits: RuleHit[] = [];
    const posture = report.Posture;
    if (!posture) return hits;
    const sums = { Total: 0, Green: 0, Red: 0, Amber: 0, Gray: 0 };
    let passedResources = 0;
    let totalResources = 0;
    for (const { category, figures } of categories) {
      for (const field of fields) sums[field] += category[field];
      passedResources += figures.passedResources;
      totalResources += figures.totalResources;
    }
    for (const field of fields) {
      if (posture[field] !== sums[field]) {
        hits.push({
          pointer: `${pointer}/Posture/${field}`,
          message: `Posture of ${reportLabel(report)} states ${field} ${posture[field]}, but its ${categories.length} categories add up to ${sums[field]}`,
          expected: sums[field],
          actual: posture[field],
        });
      }
    }
    const inputs = {
      total: posture.Green + posture.Red + posture.Amber + posture.Gray,
      green: posture.Green,
      gray: posture.Gray,
      passedResources,
      totalResources,
    };
    const hit = checkPercent(
      () => `Posture of ${reportLabel(report)}`,
      `${pointer}/Posture/CompliancePercent`,
      posture.CompliancePercent,
      inputs,
      percentFormula ?? defaultPercentFormula,
    );
    if (hit) hits.push(hit);
    return hits;
  },
};
