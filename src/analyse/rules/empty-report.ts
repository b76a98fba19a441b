import type { DocumentRule, RuleHit } from '../../model/rule.js';
import { reportLabel } from '../../model/labels.js';

/** A gate must never pass on nothing: an input without a single policy is an error. */
export const emptyReport: DocumentRule = {
  id: 'empty-report',
  stage: 'document',
  defaultSeverity: 'error',
  unusableInput: 'always',
  description: 'The input holds no benchmark report, or a benchmark report holds no category or no policy.',
  rationale:
    'Section 2.3: the audit result is an array of benchmark reports, each grouped into resource categories that hold policies. A report with nothing in it says nothing about posture, and a CI gate must not pass on it.',
  start() {
    return ({ reports, reportCount, reportsPointer }): RuleHit[] => {
      const hits: RuleHit[] = [];
      if (reportCount === 0) {
        hits.push({
          pointer: reportsPointer,
          message: 'the input holds no benchmark report',
          expected: '≥ 1 report',
          actual: 0,
        });
        return hits;
      }
      for (const { report, pointer } of reports) {
        if (report.ResourceCategories.length === 0) {
          hits.push({
            pointer: `${pointer}/ResourceCategories`,
            message: `${reportLabel(report)} has no resource category`,
            expected: '≥ 1 category',
            actual: 0,
          });
        } else if (report.ResourceCategories.every((category) => category.Policies.length === 0)) {
          hits.push({
            pointer: `${pointer}/ResourceCategories`,
            message: `${reportLabel(report)} has no policy in any of its ${report.ResourceCategories.length} categories`,
            expected: '≥ 1 policy',
            actual: 0,
          });
        }
      }
      return hits;
    };
  },
};
