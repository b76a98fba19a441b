import { isFailingColour } from '../../analyse/colour-rank.js';
import type { Policy } from '../../model/report.js';
import type { CategoryView, ReportView, ViewModel } from '../../model/view-model.js';
import { policyRank } from '../findings/sarif/policy-log.js';

/** One failing policy, where it is. */
export interface FailingPolicy {
  report: ReportView;
  category: CategoryView;
  /** The category's position in its report, for the pointer. */
  categoryIndex: number;
  policy: Policy;
  /** The policy's position in its category, for the pointer. */
  policyIndex: number;
}

/** The failing policies of a document and each one's rank under the caps. */
export interface FailingPolicies {
  policies: FailingPolicy[];
  ranks: Uint8Array;
  red: number;
  amber: number;
}

/**
 * Every failing policy of the document's reports (Red, Amber, and a colour outside the
 * observed set, which counts as Red), in report order. Green and Gray are no problem to
 * show: Gray was not assessed, and a policy that turns Green closes its alert by being
 * left out.
 */
export function failingPolicies(view: ViewModel): FailingPolicies {
  const policies: FailingPolicy[] = [];
  let amber = 0;
  for (const report of view.reports) {
    report.categories.forEach((category, categoryIndex) => {
      category.policies.forEach((policy, policyIndex) => {
        if (!isFailingColour(policy.Compliance)) return;
        if (policy.Compliance === 'Amber') amber += 1;
        policies.push({ report, category, categoryIndex, policy, policyIndex });
      });
    });
  }
  const ranks = new Uint8Array(policies.length);
  policies.forEach(({ policy }, index) => (ranks[index] = policyRank(policy.Severity, policy.Compliance)));
  return { policies, ranks, red: policies.length - amber, amber };
}
