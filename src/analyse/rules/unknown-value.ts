import type { FoldedValue } from '../../model/document.js';
import type { PolicyRule, ReportContext } from '../../model/rule.js';
import { categoryLabel, policyLabel, reportLabel } from '../../model/labels.js';
import { policyPointer, quote } from '../locate.js';
import { hasObservedValues, isObserved, observedValues } from '../../model/observed-values.js';

const policyFields = ['Compliance', 'Severity', 'RiskProbability', 'RiskLevel'] as const;

function listValues(values: readonly string[]): string {
  return values.map((value) => quote(value)).join(', ');
}

/** Where a folded value is, in words: the policy and category, or the report. */
function folderLabel(report: ReportContext['report'], value: FoldedValue): string {
  const category = value.category === undefined ? undefined : report.ResourceCategories[value.category];
  const policy = value.policy === undefined ? undefined : category?.Policies[value.policy];
  return category && policy ? `${policyLabel(policy)} in ${categoryLabel(category)}` : reportLabel(report);
}

/**
 * Values outside the observed sets are kept and rendered, but flagged; values that
 * differ from an observed one only in letter case or surrounding spaces were read as it
 * at load, and are flagged too, so that the spelling is fixed at its source.
 */
export const unknownValue: PolicyRule = {
  id: 'unknown-value',
  stage: 'policy',
  defaultSeverity: 'warning',
  description:
    'Compliance, Severity, RiskProbability, RiskLevel or ConnectorType holds a value outside the observed set, or an observed value in another letter case or with spaces around it (then read as the observed value).',
  rationale:
    'Section 2.3 lists observed values only and says the full sets are "not shown", so an unseen value may be legitimate; it is worth a look, not a failure. Verdicts never rest on the spelling: a folded value counts as the value it was read as, and an unknown Severity counts as Critical, an unknown Compliance as failing.',
  start({ report, pointer, folded }, hits) {
    for (const value of folded) {
      hits.push({
        pointer: value.pointer,
        message: `${value.field} of ${folderLabel(report, value)} is ${quote(value.original)}, read as ${quote(value.canonical)}`,
        expected: value.canonical,
        actual: value.original,
      });
    }
    if (!isObserved('ConnectorType', report.ConnectorType)) {
      hits.push({
        pointer: `${pointer}/ConnectorType`,
        message: `ConnectorType of ${reportLabel(report)} is ${quote(report.ConnectorType)}, not one of ${listValues(observedValues.ConnectorType)}`,
        expected: observedValues.ConnectorType,
        actual: report.ConnectorType,
      });
    }
    return (category, policyHits) => {
      const policies = category.category.Policies;
      for (let index = 0; index < policies.length; index += 1) {
        const policy = policies[index]!;
        if (hasObservedValues(policy)) continue;
        // The risk of a policy that checked nothing is policy-gray-risk's to judge;
        // one value gets one finding.
        const checkedNothing = policy.Compliance === 'Gray' || policy.TotalResourceCount === 0;
        for (const field of policyFields) {
          if (checkedNothing && field !== 'Compliance' && field !== 'Severity') continue;
          if (isObserved(field, policy[field])) continue;
          policyHits.push({
            pointer: policyPointer(category, index, field),
            message: `${field} of ${policyLabel(policy)} in ${categoryLabel(category.category)} is ${quote(policy[field])}, not one of ${listValues(observedValues[field])}`,
            expected: observedValues[field],
            actual: policy[field],
          });
        }
      }
    };
  },
};
