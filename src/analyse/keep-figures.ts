import type { AnalysedCategory, AnalysedReport, AnalysedSource } from '../model/analysis.js';
import type { Policy } from '../model/report.js';

/** What a source keeps besides the figures of its reports. */
export interface KeptPolicySelection {
  /** PolicyIds a gate names: every policy of one of them is kept, wherever it is. */
  policyIds?: ReadonlySet<string>;
  /**
   * The categories kept with their figures: `all` (for an output that lists every
   * category's figures, `-f json`), or those a gate names by CategoryName or CategoryId.
   * Those the findings point into, and those holding a kept policy, are always kept.
   */
  categories?: 'all' | ReadonlySet<string>;
}

const inCategory = /^\/ResourceCategories\/(\d+)(?:\/Policies\/(\d+))?(?:\/|$)/;

/**
 * The source with its reports' figures and names but without their policies, but for
 * those its findings point into and those `keep` names (see
 * AnalysedCategory.keptPolicies): what check and gate read once a file is analysed. A
 * run over thousands of files then holds kilobytes a file, not the file's policies.
 */
export function keepFigures(source: AnalysedSource, keep: KeptPolicySelection = {}): AnalysedSource {
  if (source.reports.length === 0) return source;
  const pointed = pointedPolicies(source);
  return { ...source, reports: source.reports.map((report) => reportFigures(report, pointed, keep)) };
}

/**
 * The categories the findings' pointers lead into, each with the positions of the
 * policies they lead into (none for a finding about the category itself).
 */
function pointedPolicies(source: AnalysedSource): Map<string, Set<number>> {
  const pointed = new Map<string, Set<number>>();
  if (source.findings.length === 0) return pointed;
  for (const report of source.reports) {
    const prefix = report.pointer;
    for (const finding of source.findings) {
      if (!finding.pointer.startsWith(prefix)) continue;
      const match = inCategory.exec(finding.pointer.slice(prefix.length));
      if (match === null) continue;
      const key = `${prefix}/ResourceCategories/${match[1] as string}`;
      let positions = pointed.get(key);
      if (positions === undefined) pointed.set(key, (positions = new Set()));
      if (match[2] !== undefined) positions.add(Number(match[2]));
    }
  }
  return pointed;
}

function reportFigures(analysed: AnalysedReport, pointed: ReadonlyMap<string, ReadonlySet<number>>, keep: KeptPolicySelection): AnalysedReport {
  const named = keep.categories;
  const categories: AnalysedCategory[] = [];
  for (const category of analysed.categories) {
    const kept = categoryFigures(category, pointed.get(category.pointer), keep.policyIds);
    const wanted =
      named === 'all' ||
      pointed.has(category.pointer) ||
      (kept.keptPolicies?.size ?? 0) > 0 ||
      (named !== undefined && (named.has(category.category.CategoryName) || named.has(category.category.CategoryId)));
    if (wanted) categories.push(kept);
  }
  // The report's own fields, its kept categories' without their policies: names for the
  // outputs and the gate's matches, ids for the rules across inputs.
  const report = { ...analysed.report, ResourceCategories: categories.map(({ category }) => category) };
  return { ...analysed, report, categories, categoryCount: analysed.categoryCount ?? analysed.categories.length };
}

function categoryFigures(analysed: AnalysedCategory, pointed: ReadonlySet<number> | undefined, policyIds: ReadonlySet<string> | undefined): AnalysedCategory {
  // Kept already (a shard's file read back by merge): what was kept stays.
  if (analysed.keptPolicies !== undefined) return analysed;
  const policies = analysed.category.Policies;
  const kept = new Map<number, Policy>();
  for (const index of pointed ?? []) {
    const policy = policies[index];
    if (policy !== undefined) kept.set(index, policy);
  }
  if (policyIds !== undefined && policyIds.size > 0) {
    for (let index = 0; index < policies.length; index += 1) {
      const policy = policies[index] as Policy;
      if (policyIds.has(policy.PolicyId)) kept.set(index, policy);
    }
  }
  return { ...analysed, category: { ...analysed.category, Policies: [] }, keptPolicies: kept };
}
