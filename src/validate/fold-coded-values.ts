import type { FoldedValue, ReportRef } from '../model/document.js';
import type { BenchmarkReport, Policy, ResourceCategory } from '../model/report.js';
import { foldValue, hasObservedValues } from '../model/observed-values.js';

const policyFields = ['Compliance', 'Severity', 'RiskProbability', 'RiskLevel'] as const;

/**
 * Reads every coded value of a valid report in its observed spelling: `critical`,
 * `CRITICAL` and ` Critical` are all `Critical`, so that no rank, threshold or colour
 * comparison after loading meets a spelling it does not know. The service's sets are
 * observed, not closed, and spelling varies in the wild; comparing raw strings let a
 * Red policy of Severity `critical` pass "no Critical Red".
 *
 * The report given is never changed (it may be a caller's value): when something is
 * folded, the report, the categories and the policies on the way are copied. A report
 * with nothing to fold, the usual case, is returned as it is after one quick pass.
 */
export function foldCodedValues(pointer: string, report: BenchmarkReport): ReportRef {
  const folded: FoldedValue[] = [];
  const connector = foldValue('ConnectorType', report.ConnectorType);
  if (connector !== undefined)
    folded.push({
      pointer: `${pointer}/ConnectorType`,
      field: 'ConnectorType',
      original: report.ConnectorType,
      canonical: connector,
    });
  const categories = report.ResourceCategories;
  let copied: ResourceCategory[] | undefined;
  for (let index = 0; index < categories.length; index += 1) {
    const category = categories[index] as ResourceCategory;
    const policies = foldPolicies(category.Policies, `${pointer}/ResourceCategories/${index}/Policies`, index, folded);
    if (policies === category.Policies) continue;
    copied ??= [...categories];
    copied[index] = { ...category, Policies: policies };
  }
  if (folded.length === 0) return { pointer, report };
  const result: BenchmarkReport = { ...report, ResourceCategories: copied ?? categories };
  if (connector !== undefined) result.ConnectorType = connector;
  return { pointer, report: result, folded };
}

/** The policies with their values folded: the same array when nothing was. */
function foldPolicies(policies: Policy[], pointer: string, category: number, folded: FoldedValue[]): Policy[] {
  let copied: Policy[] | undefined;
  for (let index = 0; index < policies.length; index += 1) {
    const policy = policies[index] as Policy;
    if (hasObservedValues(policy)) continue;
    let copy: Policy | undefined;
    for (const field of policyFields) {
      const canonical = foldValue(field, policy[field]);
      if (canonical === undefined) continue;
      folded.push({
        pointer: `${pointer}/${index}/${field}`,
        field,
        original: policy[field],
        canonical,
        category,
        policy: index,
      });
      copy ??= { ...policy };
      copy[field] = canonical;
    }
    if (copy === undefined) continue;
    copied ??= [...policies];
    copied[index] = copy;
  }
  return copied ?? policies;
}
