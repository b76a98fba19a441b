import type { AnalysedCategory, AnalysedReport, AnalysedSource, Analysis } from '../model/analysis.js';
import type { ReportMatch } from '../model/gate-rules.js';
import { globToRegExp } from '../text/glob.js';

/** A report with the input it came from. */
export interface SourcedReport {
  source: AnalysedSource;
  report: AnalysedReport;
}

/** Every analysed report of the run, in input order. */
export function allReports(analysis: Analysis): SourcedReport[] {
  const reports: SourcedReport[] = [];
  for (const source of analysis.sources) for (const report of source.reports) reports.push({ source, report });
  return reports;
}

const matchFields = ['ConnectorType', 'BenchmarkId', 'AccountName'] as const satisfies readonly (keyof ReportMatch)[];

/** The reports whose fields match every glob of `match`; all of them without one. */
export function matchReports(reports: readonly SourcedReport[], match: ReportMatch | undefined): SourcedReport[] {
  if (match === undefined) return [...reports];
  const tests = matchFields
    .filter((field) => match[field] !== undefined)
    .map((field) => ({ field, pattern: globToRegExp(match[field] as string) }));
  return reports.filter(({ report }) => tests.every(({ field, pattern }) => pattern.test(report.report[field])));
}

/** How a match reads in a scope: `ConnectorType=Azure, BenchmarkId=CIS*`. */
export function describeMatch(match: ReportMatch | undefined): string {
  if (match === undefined) return '';
  return matchFields
    .filter((field) => match[field] !== undefined)
    .map((field) => `${field}=${match[field] as string}`)
    .join(', ');
}

/** The categories of a report named `category` by CategoryName or CategoryId. */
export function selectCategories(report: AnalysedReport, category: string): AnalysedCategory[] {
  return report.categories.filter(
    ({ category: { CategoryName, CategoryId } }) => CategoryName === category || CategoryId === category,
  );
}

// Each assertion scoped to each report names it: built once per report of a run.
const descriptions = new WeakMap<SourcedReport, string>();

/** How one report reads in a scope: `r.json › CISAWS140 › account Northwind`. */
export function describeReport(sourced: SourcedReport): string {
  let text = descriptions.get(sourced);
  if (text === undefined) {
    text = `${sourced.source.source} › ${sourced.report.report.BenchmarkId} › account ${sourced.report.report.AccountName}`;
    descriptions.set(sourced, text);
  }
  return text;
}
