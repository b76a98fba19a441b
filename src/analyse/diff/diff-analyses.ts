import type { AnalysedReport, Analysis, Figures, PercentFormula } from '../../model/analysis.js';
import {
  policyChangeKinds,
  type CategoryChange,
  type DiffOptions,
  type DiffResult,
  type FiguresChange,
  type PolicyChange,
  type PolicyChangeKind,
  type PolicySide,
  type ReportDiff,
  type ResourceRegression,
  type ScanRef,
} from '../../model/diff.js';
import type { Policy, ResourceCategory } from '../../model/report.js';
import { hasPercent } from '../percent-formulas.js';
import { classifyAdded, classifyChange } from './classify-change.js';
import { diffAcceptance, judgeChange, withAcceptedPolicies, type DiffAcceptance } from './diff-acceptance.js';
import { bySeverity, listsFailingResources, resourceRegression } from './failing-resources.js';
import { matchCategories } from './match-categories.js';
import { matchPolicies } from './match-policies.js';
import { pairReports, type SideReport } from './pair-reports.js';
import { rankAccounts } from './rank-accounts.js';
import { severityRank } from '../../model/observed-values.js';

const noChanges = (): Record<PolicyChangeKind, number> => ({
  regression: 0,
  'new-failure': 0,
  fix: 0,
  coverage: 0,
  added: 0,
  removed: 0,
});

function side(policy: Policy): PolicySide {
  return {
    compliance: policy.Compliance,
    passedResources: policy.PassedResourceCount,
    totalResources: policy.TotalResourceCount,
  };
}

function change(
  kind: PolicyChangeKind,
  policy: Policy,
  category: ResourceCategory,
  old: Policy | null,
  next: Policy | null,
  matchedBy?: PolicyChange['matchedBy'],
  marks: Pick<PolicyChange, 'accepted' | 'noLongerAccepted'> = {},
): PolicyChange {
  return {
    kind,
    policyId: policy.PolicyId,
    complianceNumber: policy.ComplianceNumber,
    shortTitle: policy.ShortTitle,
    serviceName: policy.ServiceName,
    severity: policy.Severity,
    category: { id: category.CategoryId, name: category.CategoryName },
    old: old ? side(old) : null,
    new: next ? side(next) : null,
    ...(matchedBy ? { matchedBy } : {}),
    ...(marks.accepted === undefined ? {} : { accepted: marks.accepted }),
    ...(marks.noLongerAccepted === undefined ? {} : { noLongerAccepted: marks.noLongerAccepted }),
  };
}

const kindRank = Object.fromEntries(policyChangeKinds.map((kind, rank) => [kind, rank])) as Readonly<
  Record<PolicyChangeKind, number>
>;

/** Regressions first, then new failures, each kind worst severity first, then in report order (a stable sort). */
function byKindAndSeverity(a: PolicyChange, b: PolicyChange): number {
  return kindRank[a.kind] - kindRank[b.kind] || severityRank(a.severity) - severityRank(b.severity);
}

function figuresChange(old: Figures | null, next: Figures | null, formula: PercentFormula): FiguresChange {
  const oldHasPercent = old !== null && hasPercent(formula, old);
  const newHasPercent = next !== null && hasPercent(formula, next);
  return {
    old,
    new: next,
    oldHasPercent,
    newHasPercent,
    percentDelta: old && next && oldHasPercent && newHasPercent ? next.percent - old.percent : null,
    passedResourcesDelta: old && next ? next.passedResources - old.passedResources : null,
  };
}

function scanRef(entry: SideReport): ScanRef {
  const { report, pointer } = entry.analysed;
  return {
    source: entry.source,
    pointer,
    jobId: report.JobId,
    scanDate:
      typeof report.LastScannedDate === 'string' && report.LastScannedDate !== '' ? report.LastScannedDate : null,
  };
}

function categoryFigures(analysed: AnalysedReport): Map<ResourceCategory, Figures> {
  return new Map(analysed.categories.map(({ category, figures }) => [category, figures]));
}

function diffReport(
  old: SideReport,
  next: SideReport,
  mismatched: boolean,
  formula: PercentFormula,
  acceptance: DiffAcceptance | undefined,
): ReportDiff {
  const oldReport = old.analysed.report;
  const newReport = next.analysed.report;
  const changes: PolicyChange[] = [];
  const removed: PolicyChange[] = [];
  let unchanged = 0;
  // Only reports built from a scanner's results name their failing resources.
  const byResource: ResourceRegression[] | undefined =
    listsFailingResources(oldReport) || listsFailingResources(newReport) ? [] : undefined;
  const addResources = (
    oldPolicy: Policy | null,
    policy: Policy,
    category: ResourceCategory,
    kind: PolicyChangeKind | undefined,
  ): void => {
    if (byResource === undefined) return;
    const accepted = acceptance?.new(newReport, category, policy);
    const regression = resourceRegression(oldPolicy, policy, category, { kind, accepted });
    if (regression !== undefined) byResource.push(regression);
  };
  matchPolicies(oldReport.ResourceCategories, newReport.ResourceCategories, {
    pair(oldPolicy, oldCategory, newPolicy, newCategory, matchedBy) {
      const kind = classifyChange(oldPolicy.Compliance, newPolicy.Compliance);
      // Without exceptions, nothing more is made per policy: reports hold 300,000 of them.
      const judged =
        acceptance === undefined
          ? { kind }
          : judgeChange(
              kind,
              { report: oldReport, category: oldCategory, policy: oldPolicy },
              { report: newReport, category: newCategory, policy: newPolicy },
              acceptance,
            );
      if (judged.kind === undefined) unchanged += 1;
      else changes.push(change(judged.kind, newPolicy, newCategory, oldPolicy, newPolicy, matchedBy, judged));
      addResources(oldPolicy, newPolicy, newCategory, judged.kind);
    },
    added: (policy, category) => {
      const kind = classifyAdded(policy.Compliance);
      const judged = judgeChange(kind, null, { report: newReport, category, policy }, acceptance);
      changes.push(change(kind, policy, category, null, policy, undefined, judged));
      addResources(null, policy, category, kind);
    },
    removed: (policy, category) => removed.push(change('removed', policy, category, policy, null)),
  });
  // Removed after added, whatever order the visitor told them in: a stable sort keeps it.
  // A loop, not push(...): a scan may lose more policies than a call takes arguments.
  for (const change of removed) changes.push(change);
  changes.sort(byKindAndSeverity);

  const counts = { ...noChanges(), unchanged };
  for (const { kind } of changes) counts[kind] += 1;

  const oldFigures = categoryFigures(old.analysed);
  const newFigures = categoryFigures(next.analysed);
  const categories: CategoryChange[] = matchCategories(oldReport.ResourceCategories, newReport.ResourceCategories).map(
    (pair) => {
      const shown = (pair.new ?? pair.old) as ResourceCategory;
      return {
        id: shown.CategoryId,
        name: shown.CategoryName,
        status: pair.old && pair.new ? 'matched' : pair.new ? 'added' : 'removed',
        changes: noChanges(),
        ...figuresChange(
          pair.old ? (oldFigures.get(pair.old) ?? null) : null,
          pair.new ? (newFigures.get(pair.new) ?? null) : null,
          formula,
        ),
      };
    },
  );
  // A change counts in the category its policy is in now (was in, if removed).
  const byId = new Map(categories.map((category) => [`${category.id}\u0000${category.name}`, category]));
  for (const item of changes) {
    const category = byId.get(`${item.category.id}\u0000${item.category.name}`);
    if (category) category.changes[item.kind] += 1;
  }

  return {
    benchmarkId: newReport.BenchmarkId,
    benchmarkName: newReport.BenchmarkName,
    accountId: newReport.AccountId,
    accountName: newReport.AccountName,
    connectorType: newReport.ConnectorType,
    old: scanRef(old),
    new: scanRef(next),
    mismatched,
    overall: figuresChange(old.analysed.figures, next.analysed.figures, formula),
    categories,
    changes,
    counts,
    ...(byResource === undefined ? {} : { newlyFailingResources: byResource.sort(bySeverity) }),
  };
}

/**
 * Compares two checked inputs: two scans of the same account and benchmark (or files of
 * several reports, paired by BenchmarkId and AccountId). Both analyses must use one
 * percent formula; the new one's is used for the deltas.
 *
 * Check both inputs before comparing (see `check`'s findings): a report that did not
 * validate is left out of an analysis, and comparing what is left would read as if its
 * policies were removed.
 *
 * @throws CspmError `reports-mismatch` when reports exist on both sides but none pairs,
 *         unless `allowMismatch`
 */
export function diffAnalyses(olds: Analysis, news: Analysis, options: DiffOptions = {}): DiffResult {
  const { pairs, unpaired: leftOver, left } = pairReports(olds, news, options.allowMismatch === true);
  const acceptance = options.exceptions === undefined ? undefined : diffAcceptance(options.exceptions);
  const reports = pairs.map((pair) => diffReport(pair.old, pair.new, pair.mismatched, news.percentFormula, acceptance));
  // The new side's reports come after the old side's, in the order of left.new.
  const unpaired =
    acceptance === undefined
      ? leftOver
      : leftOver.map((report, at) => {
          const entry = left.new[at - left.old.length];
          return entry === undefined ? report : withAcceptedPolicies(report, entry.analysed.report, acceptance.new);
        });
  const counts = { ...noChanges(), unchanged: 0 };
  for (const report of reports) {
    for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] += report.counts[key];
  }
  // The failing policies the new scan accepts of each report only it has, in the order of left.new.
  const newAccepted =
    acceptance === undefined
      ? undefined
      : unpaired
          .slice(left.old.length)
          .map((report) => (report.accepted ?? []).reduce((sum, { count }) => sum + count, 0));
  const accounts = rankAccounts(reports, left.old, left.new, newAccepted);
  const byResource = reports.filter((report) => report.newlyFailingResources !== undefined);
  return {
    percentFormula: news.percentFormula,
    inputs: { old: olds.sources.map((source) => source.source), new: news.sources.map((source) => source.source) },
    reports,
    unpaired,
    counts,
    ...(byResource.length === 0
      ? {}
      : {
          newlyFailingResources: byResource
            .flatMap((report) => report.newlyFailingResources ?? [])
            .reduce((sum, regression) => sum + regression.resources.length, 0),
        }),
    ...(accounts === undefined ? {} : { accounts }),
  };
}

/**
 * One analysis of the inputs of two: the old's sources then the new's, counts summed,
 * for the findings formats, which show a diff's inputs as they show a check's.
 */
export function joinAnalyses(olds: Analysis, news: Analysis): Analysis {
  const sum = (key: keyof Analysis['summary']): number => olds.summary[key] + news.summary[key];
  return {
    summary: {
      files: sum('files'),
      reports: sum('reports'),
      policies: sum('policies'),
      errors: sum('errors'),
      warnings: sum('warnings'),
    },
    percentFormula: news.percentFormula,
    sources: [...olds.sources, ...news.sources],
  };
}
