import type { PolicyChangeKind, ResourceRegression } from '../../model/diff.js';
import type { PolicyAcceptance } from '../../model/exceptions.js';
import { severityRank } from '../../model/observed-values.js';
import type { BenchmarkReport, Policy, ResourceCategory } from '../../model/report.js';

/**
 * True when a report lists its policies' failing resources: one built from a scanner's
 * results (it names its `Scanner`). The service's reports count resources and never name
 * them, so a comparison of two of them has nothing to say by resource.
 */
export function listsFailingResources(report: BenchmarkReport): boolean {
  return typeof report.Scanner === 'object' && report.Scanner !== null;
}

/** The ids a policy lists as failing or muted (`FailedResources`); none when it lists none. */
function failedResources(policy: Policy | null): readonly string[] {
  const listed = policy?.FailedResources;
  return Array.isArray(listed) ? listed.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * The resources failing in `next` that `old` did not list as failing (all of them for a
 * policy of the new scan only), in the new scan's order, each once.
 */
export function newlyFailing(old: Policy | null, next: Policy): string[] {
  const before = new Set(failedResources(old));
  return [...new Set(failedResources(next))].filter((id) => !before.has(id));
}

/** What {@link resourceRegression} marks a policy's newly failing resources with. */
export interface ResourceMarks {
  kind?: PolicyChangeKind | undefined;
  accepted?: PolicyAcceptance | undefined;
}

/** The newly failing resources of a policy, or undefined when it has none. */
export function resourceRegression(
  old: Policy | null,
  next: Policy,
  category: ResourceCategory,
  marks: ResourceMarks,
): ResourceRegression | undefined {
  const resources = newlyFailing(old, next);
  if (resources.length === 0) return undefined;
  return {
    policyId: next.PolicyId,
    complianceNumber: next.ComplianceNumber,
    shortTitle: next.ShortTitle,
    severity: next.Severity,
    category: { id: category.CategoryId, name: category.CategoryName },
    ...(marks.kind === undefined ? {} : { kind: marks.kind }),
    ...(marks.accepted === undefined ? {} : { accepted: marks.accepted }),
    resources,
  };
}

/** Worst severity first, then in report order (a stable sort). */
export function bySeverity(a: ResourceRegression, b: ResourceRegression): number {
  return severityRank(a.severity) - severityRank(b.severity);
}
