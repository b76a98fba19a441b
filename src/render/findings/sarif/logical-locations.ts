import type { AnalysedCategory, AnalysedReport, AnalysedSource } from '../../../model/analysis.js';
import type { SarifLogicalLocation } from './sarif-log.js';

/** Where a pointer leads inside the analysed data, by name and by stable identity. */
export interface PlaceInReport {
  /** SARIF logical location: benchmark › category › policy, as deep as the pointer goes. */
  logical: SarifLogicalLocation;
  /**
   * The place by ids rather than array positions (benchmark, account, category, policy)
   * plus the rest of the pointer: it survives policies added or moved elsewhere.
   */
  identity: string;
}

/** Finds the report, category and policy a finding's pointer leads into. */
export type LocatePointer = (pointer: string) => PlaceInReport | undefined;

const separator = ' › ';

/**
 * Indexes one source's analysed reports and categories by pointer, once, so that each
 * finding is located with a few map look-ups (one per pointer segment, at most the
 * pointer's depth) whatever the number of findings.
 */
export function indexSource(source: AnalysedSource): LocatePointer {
  const reports = new Map<string, AnalysedReport>();
  const categories = new Map<string, { report: AnalysedReport; category: AnalysedCategory }>();
  for (const report of source.reports) {
    reports.set(report.pointer, report);
    for (const category of report.categories) categories.set(category.pointer, { report, category });
  }
  return (pointer) => {
    for (let prefix = pointer; ; prefix = prefix.slice(0, prefix.lastIndexOf('/'))) {
      const inCategory = categories.get(prefix);
      if (inCategory) return categoryPlace(inCategory.report, inCategory.category, pointer.slice(prefix.length));
      const report = reports.get(prefix);
      if (report) return reportPlace(report, pointer.slice(prefix.length));
      if (prefix === '') return undefined;
    }
  };
}

function reportName(report: AnalysedReport): string {
  const { BenchmarkId, BenchmarkName, AccountId } = report.report;
  return `${BenchmarkId || BenchmarkName} (account ${AccountId})`;
}

/** Benchmark and account, not the scan job: each scan has a new JobId, and an alert should outlive it. */
function reportKey(report: AnalysedReport): string {
  return `${report.report.BenchmarkId}\u0000${report.report.AccountId}`;
}

function reportPlace(report: AnalysedReport, rest: string): PlaceInReport {
  const name = reportName(report);
  return { logical: { name, fullyQualifiedName: name, kind: 'benchmark' }, identity: `${reportKey(report)}\u0000${rest}` };
}

function categoryPlace(report: AnalysedReport, analysed: AnalysedCategory, rest: string): PlaceInReport {
  const category = analysed.category;
  const path = `${reportName(report)}${separator}${category.CategoryName}`;
  const policyIndex = /^\/Policies\/(\d+)(?=\/|$)/.exec(rest);
  const policy = policyIndex ? category.Policies[Number(policyIndex[1])] : undefined;
  const categoryKey = `${reportKey(report)}\u0000${category.CategoryId}`;
  if (policy === undefined || policyIndex === null) {
    return { logical: { name: category.CategoryName, fullyQualifiedName: path, kind: 'category' }, identity: `${categoryKey}\u0000${rest}` };
  }
  const name = `${policy.ComplianceNumber} ${policy.PolicyId}`;
  return {
    logical: { name, fullyQualifiedName: `${path}${separator}${name}`, kind: 'policy' },
    identity: `${categoryKey}\u0000${policy.PolicyId}\u0000${rest.slice(policyIndex[0].length)}`,
  };
}
