import { policyAt } from '../../../analyse/kept-policies.js';
import type { AnalysedCategory, AnalysedReport, AnalysedSource, TextRegion } from '../../../model/analysis.js';
import { jsonString } from './json-text.js';

/** Where a pointer leads inside the analysed data, by name and by stable identity. */
export interface PlaceInReport {
  /** JSON text of the SARIF logical location: benchmark › category › policy, as deep as the pointer goes. */
  logical: string;
  /**
   * The place by ids rather than array positions (benchmark, account, category, policy)
   * plus the rest of the pointer: it survives policies added or moved elsewhere.
   */
  identity: string;
}

/**
 * Where a finding is: in a report (undefined outside any, such as an envelope's field or
 * the whole document), and in the text, when the source was placed (AnalysedSource.regions).
 */
export interface FindingPlace {
  inReport: PlaceInReport | undefined;
  region: TextRegion | undefined;
}

/** Finds the report, category and policy a finding's pointer leads into, and its line. */
export type LocatePointer = (pointer: string) => FindingPlace;

const separator = ' › ';

/** A place without the rest of the pointer: what every finding in one report, category or policy shares. */
interface Anchor {
  logical: string;
  identity: string;
}

/** A category's own anchor, and what the logical locations of its policies start with. */
interface CategoryAnchors {
  anchor: Anchor;
  /**
   * The opening of a policy's `fullyQualifiedName` as JSON text: the quote, the category's
   * path and the separator, escaped. JSON escapes each character on its own, so the name
   * that follows can be escaped apart and appended.
   */
  policyPath: string;
  category: AnalysedCategory;
}

const policiesSegment = '/Policies/';

/** Where `/Policies/<digits>` ends when the rest of a pointer starts with it, else -1. */
function policySegmentEnd(rest: string): number {
  if (!rest.startsWith(policiesSegment)) return -1;
  let end = policiesSegment.length;
  while (end < rest.length && rest.charCodeAt(end) >= 48 && rest.charCodeAt(end) <= 57) end += 1;
  return end > policiesSegment.length && (end === rest.length || rest.charCodeAt(end) === 47) ? end : -1;
}

/**
 * Indexes one source's analysed reports and categories by pointer, once, so that each
 * finding is located with a few map look-ups (one per pointer segment, at most the
 * pointer's depth) whatever the number of findings. The logical location of a report
 * or category is written as JSON text once, when a first finding leads there.
 */
export function indexSource(source: AnalysedSource): LocatePointer {
  const inReport = indexReports(source);
  const regions = source.regions;
  return (pointer) => ({ inReport: inReport(pointer), region: regions?.get(pointer) });
}

function indexReports(source: AnalysedSource): (pointer: string) => PlaceInReport | undefined {
  const reports = new Map<string, Lazy<Anchor>>();
  const categories = new Map<string, Lazy<CategoryAnchors>>();
  let deepest = 0;
  for (const report of source.reports) {
    reports.set(
      report.pointer,
      lazy(() => reportAnchor(report)),
    );
    deepest = Math.max(deepest, slashes(report.pointer));
    for (const category of report.categories) {
      categories.set(
        category.pointer,
        lazy(() => categoryAnchors(report, category)),
      );
      deepest = Math.max(deepest, slashes(category.pointer));
    }
  }
  return (pointer) => {
    for (let prefix = longestCandidate(pointer, deepest); ; prefix = prefix.slice(0, prefix.lastIndexOf('/'))) {
      const inCategory = categories.get(prefix);
      if (inCategory) return categoryPlace(inCategory(), pointer.slice(prefix.length));
      const report = reports.get(prefix)?.();
      if (report) return { logical: report.logical, identity: `${report.identity}${pointer.slice(prefix.length)}` };
      if (prefix === '') return undefined;
    }
  };
}

function slashes(pointer: string): number {
  let count = 0;
  for (let at = pointer.indexOf('/'); at !== -1; at = pointer.indexOf('/', at + 1)) count += 1;
  return count;
}

/**
 * The longest prefix of a pointer that can be a report's or category's pointer: one of
 * no more segments than the deepest of them. Looking up the longer ones would only miss.
 */
function longestCandidate(pointer: string, deepest: number): string {
  if (!pointer.startsWith('/')) return pointer;
  let end = -1;
  for (let count = 0; count <= deepest; count += 1) {
    end = pointer.indexOf('/', end + 1);
    if (end === -1) return pointer;
  }
  return pointer.slice(0, end);
}

/** Worked out on first use: a source may hold many reports and categories that no finding leads into. */
type Lazy<T> = () => T;

function lazy<T>(make: () => T): Lazy<T> {
  let value: T | undefined;
  return () => (value ??= make());
}

/** The fields of a report that name it in a logical location. */
interface ReportNames {
  BenchmarkId: string;
  BenchmarkName: string;
  AccountId: string;
}

function reportName({ BenchmarkId, BenchmarkName, AccountId }: ReportNames): string {
  return `${BenchmarkId || BenchmarkName} (account ${AccountId})`;
}

/**
 * The JSON text of a policy's logical location, benchmark › category › policy, named as
 * a finding inside that policy names it: the diff's results sit where the check's would.
 */
export function policyLogicalLocation(
  report: ReportNames,
  categoryName: string,
  policy: { ComplianceNumber: string; PolicyId: string },
): string {
  const name = `${policy.ComplianceNumber} ${policy.PolicyId}`;
  return logicalText(name, `${reportName(report)}${separator}${categoryName}${separator}${name}`, 'policy');
}

/** Benchmark and account, not the scan job: each scan has a new JobId, and an alert should outlive it. */
function reportKey(report: AnalysedReport): string {
  return `${report.report.BenchmarkId}\u0000${report.report.AccountId}`;
}

function logicalText(name: string, fullyQualifiedName: string, kind: string): string {
  return `{"name":${jsonString(name)},"fullyQualifiedName":${jsonString(fullyQualifiedName)},"kind":"${kind}"}`;
}

function reportAnchor(report: AnalysedReport): Anchor {
  const name = reportName(report.report);
  return { logical: logicalText(name, name, 'benchmark'), identity: `${reportKey(report)}\u0000` };
}

function categoryAnchors(report: AnalysedReport, analysed: AnalysedCategory): CategoryAnchors {
  const category = analysed.category;
  const path = `${reportName(report.report)}${separator}${category.CategoryName}`;
  const identity = `${reportKey(report)}\u0000${category.CategoryId}\u0000`;
  const policyPath = jsonString(`${path}${separator}`).slice(0, -1);
  return {
    anchor: { logical: logicalText(category.CategoryName, path, 'category'), identity },
    policyPath,
    category: analysed,
  };
}

/**
 * A policy's place is written for each finding rather than kept: findings seldom share
 * a policy, and keeping one per policy cost more in garbage collection than it saved.
 */
function categoryPlace(anchors: CategoryAnchors, rest: string): PlaceInReport {
  const end = policySegmentEnd(rest);
  const policy = end === -1 ? undefined : policyAt(anchors.category, Number(rest.slice(policiesSegment.length, end)));
  if (policy === undefined) return { logical: anchors.anchor.logical, identity: `${anchors.anchor.identity}${rest}` };
  const name = jsonString(`${policy.ComplianceNumber} ${policy.PolicyId}`);
  return {
    logical: `{"name":${name},"fullyQualifiedName":${anchors.policyPath}${name.slice(1)},"kind":"policy"}`,
    identity: `${anchors.anchor.identity}${policy.PolicyId}\u0000${rest.slice(end)}`,
  };
}
