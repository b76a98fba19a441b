import type { AnalysedCategory } from '../model/analysis.js';
import type { Policy } from '../model/report.js';

/**
 * The policy at `index` of an analysed category: from its policies, or, when the run let
 * them go (see AnalysedCategory.keptPolicies), from those it kept; undefined when there
 * is none there or it was not kept.
 */
export function policyAt(analysed: AnalysedCategory, index: number): Policy | undefined {
  return analysed.keptPolicies === undefined ? analysed.category.Policies[index] : analysed.keptPolicies.get(index);
}

/**
 * The policies of an analysed category that a run still holds: all of them, or those it
 * kept. Only what the kept ones were kept for may be asked of them: the policies a
 * gate names, those findings point into.
 */
export function keptPoliciesOf(analysed: AnalysedCategory): Iterable<Policy> {
  return analysed.keptPolicies === undefined ? analysed.category.Policies : analysed.keptPolicies.values();
}
