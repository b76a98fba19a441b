import type { AnalysedCategory, AnalysedReport, AnalysedSource, SeverityCount } from '../model/analysis.js';
import type { BenchmarkReport, Policy } from '../model/report.js';

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

function reportFigures(
  analysed: AnalysedReport,
  pointed: ReadonlyMap<string, ReadonlySet<number>>,
  keep: KeptPolicySelection,
): AnalysedReport {
  const named = keep.categories;
  const categories: AnalysedCategory[] = [];
  for (const category of analysed.categories) {
    const pointedHere = pointed.get(category.pointer);
    const kept = keptPolicies(category, pointedHere, keep.policyIds);
    const wanted =
      named === 'all' ||
      pointedHere !== undefined ||
      kept.size > 0 ||
      (named !== undefined && (named.has(category.category.CategoryName) || named.has(category.category.CategoryId)));
    // Only a kept category is copied without its policies: most of a clean fleet's are not kept.
    if (wanted)
      categories.push(
        category.keptPolicies !== undefined
          ? category
          : { ...category, category: { ...category.category, Policies: [] }, keptPolicies: kept },
      );
  }
  // The report's ids and names, its kept categories' without their policies: names for
  // the outputs and the gate's matches, ids for the rules across inputs. Nothing else
  // (its stated Posture, dates, fields of its own): a fleet keeps a few of these per file.
  const { BenchmarkName, BenchmarkId, AccountId, LicenseId, LicenseName, AccountName, ConnectorType, JobId } =
    analysed.report;
  const report: BenchmarkReport = {
    BenchmarkName: shared(BenchmarkName),
    BenchmarkId: shared(BenchmarkId),
    AccountId,
    LicenseId: shared(LicenseId),
    LicenseName: shared(LicenseName),
    AccountName,
    ConnectorType: shared(ConnectorType),
    // Read by the account-kind rule only, which has run: not kept.
    SubscriptionId: null,
    AWSAccountId: null,
    JobId,
    ResourceCategories: categories.map(({ category }) => category),
  };
  return {
    ...analysed,
    pointer: shared(analysed.pointer),
    report,
    categories,
    categoryCount: analysed.categoryCount ?? analysed.categories.length,
    redBySeverity: sharedCounts(analysed.redBySeverity),
    amberBySeverity: sharedCounts(analysed.amberBySeverity),
    otherBySeverity: sharedCounts(analysed.otherBySeverity),
  };
}

/** The policies a category keeps: those the findings point to and those `policyIds` names, by position. */
function keptPolicies(
  analysed: AnalysedCategory,
  pointed: ReadonlySet<number> | undefined,
  policyIds: ReadonlySet<string> | undefined,
): ReadonlyMap<number, Policy> {
  // Kept already (a shard's file read back by merge): what was kept stays.
  if (analysed.keptPolicies !== undefined) return analysed.keptPolicies;
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
  return kept;
}

/**
 * Strings that repeat across a fleet's reports (benchmark, license, connector, severity
 * names) kept once, and counts by Severity that are all zero shared: a run over tens
 * of thousands of files would otherwise hold each as many times as there are reports.
 * A value passed to a worker thread and back arrives as a copy, so this is also what
 * the main thread does with each file's outcome (see internFigures).
 */
const strings = new Map<string, string>();

function shared<T extends string | null | undefined>(value: T): T {
  if (typeof value !== 'string' || value.length > 200) return value;
  const known = strings.get(value);
  if (known !== undefined) return known as T;
  // Bounded: past this many distinct values (a fleet of unusual names), no more are kept.
  if (strings.size < 100_000) strings.set(value, value);
  return value;
}

const zeroCounts = new Map<string, readonly SeverityCount[]>();
const counts = new Map<string, SeverityCount>();

/**
 * Counts by Severity with each entry shared: across a fleet's reports the same severity
 * and count ({High, 3}) come back again and again, and a report keeps three such lists.
 * Entries are never changed once made (sums make new ones), so sharing them is safe.
 */
function sharedCounts(list: SeverityCount[]): SeverityCount[] {
  for (let index = 0; index < list.length; index += 1) {
    const entry = list[index] as SeverityCount;
    const key = `${entry.severity}\u0000${entry.count}`;
    const known = counts.get(key);
    if (known !== undefined) list[index] = known;
    // Bounded as the strings are: past this many distinct entries, no more are kept.
    else if (counts.size < 100_000) {
      entry.severity = shared(entry.severity);
      counts.set(key, entry);
    }
  }
  if (list.some((entry) => entry.count !== 0)) return list;
  const key = list.map((entry) => entry.severity).join('\u0000');
  const known = zeroCounts.get(key);
  if (known !== undefined) return known as SeverityCount[];
  zeroCounts.set(key, list);
  return list;
}

/**
 * The same sharing for a source as it arrives from a worker thread, whose strings are
 * copies: what keepFigures did on the worker, done again where the source is kept.
 */
export function internFigures(source: AnalysedSource): AnalysedSource {
  for (const analysed of source.reports) {
    const report = analysed.report;
    report.BenchmarkName = shared(report.BenchmarkName);
    report.BenchmarkId = shared(report.BenchmarkId);
    report.LicenseId = shared(report.LicenseId);
    report.LicenseName = shared(report.LicenseName);
    report.ConnectorType = shared(report.ConnectorType);
    analysed.pointer = shared(analysed.pointer);
    analysed.redBySeverity = sharedCounts(analysed.redBySeverity);
    analysed.amberBySeverity = sharedCounts(analysed.amberBySeverity);
    analysed.otherBySeverity = sharedCounts(analysed.otherBySeverity);
  }
  return source;
}
