import { addCounts, emptyCounts, withPercent, type Counts } from '../analyse/figures.js';
import { percentFormulas } from '../analyse/percent-formulas.js';
import type { Analysis, AnalysedReport, Figures, SeverityCount } from '../model/analysis.js';
import type { CategoryView, FiguresView, FindingView, LogoView, ReportView, ViewModel } from '../model/view-model.js';
import { toolInfo } from '../tool-info.js';
import { formatPercent } from './display-values.js';

/** Options that shape the document rather than its figures. */
export interface ViewModelOptions {
  /** Document title; by default built from the benchmark and account names. */
  title?: string;
  /** Stamp the time of generation into the document (output then differs run to run). */
  now?: Date;
  logo?: LogoView;
}

function figuresView(figures: Figures): FiguresView {
  return { ...figures, assessed: figures.total - figures.gray, percentText: formatPercent(figures.percent) };
}

function worstOf(categories: readonly CategoryView[]): CategoryView[] {
  return categories
    .filter((category) => category.figures.red + category.figures.amber > 0)
    .sort((a, b) => b.figures.red - a.figures.red || b.figures.amber - a.figures.amber || a.figures.percent - b.figures.percent)
    .slice(0, 5);
}

function reportView(analysed: AnalysedReport, source: string, index: number): ReportView {
  const { report } = analysed;
  const anchor = `r${index + 1}`;
  const categories = analysed.categories.map(
    ({ category, figures }, position): CategoryView => ({
      anchor: `${anchor}-c${position + 1}`,
      order: category.ControlCategoryOrder,
      name: category.CategoryName,
      categoryId: category.CategoryId,
      figures: figuresView(figures),
      statedPercent: category.CompliancePercent,
      policies: category.Policies,
    }),
  );
  return {
    anchor,
    source,
    pointer: analysed.pointer,
    benchmarkName: report.BenchmarkName,
    benchmarkId: report.BenchmarkId,
    accountName: report.AccountName,
    accountId: report.AccountId,
    connectorType: report.ConnectorType,
    subscriptionId: report.SubscriptionId,
    awsAccountId: report.AWSAccountId,
    jobId: report.JobId,
    licenseId: report.LicenseId,
    licenseName: report.LicenseName,
    lastScanned: typeof report.LastScannedDate === 'string' ? report.LastScannedDate : null,
    figures: figuresView(analysed.figures),
    redBySeverity: analysed.redBySeverity,
    worstCategories: worstOf(categories),
    categories,
  };
}

function sumSeverities(reports: readonly ReportView[]): SeverityCount[] {
  const totals = new Map<string, number>();
  for (const report of reports) {
    for (const { severity, count } of report.redBySeverity) totals.set(severity, (totals.get(severity) ?? 0) + count);
  }
  return [...totals].map(([severity, count]) => ({ severity, count }));
}

function defaultTitle(reports: readonly ReportView[]): string {
  const first = reports[0];
  if (!first) return 'Compliance audit report';
  const benchmarks = new Set(reports.map((report) => report.benchmarkName));
  const accounts = new Set(reports.map((report) => report.accountName));
  const benchmark = benchmarks.size === 1 ? first.benchmarkName : `${benchmarks.size} benchmarks`;
  const account = accounts.size === 1 ? first.accountName : `${accounts.size} accounts`;
  return `${benchmark} — ${account}`;
}

/**
 * Builds the view model of an analysis: every valid report with its recomputed
 * figures, a roll-up across them, and the check's findings for the data-quality section.
 */
export function buildViewModel(analysis: Analysis, options: ViewModelOptions = {}): ViewModel {
  const reports: ReportView[] = [];
  for (const source of analysis.sources) {
    for (const analysed of source.reports) reports.push(reportView(analysed, source.source, reports.length));
  }
  const totals: Counts = emptyCounts();
  for (const report of reports) addCounts(totals, report.figures);
  const findings: FindingView[] = analysis.sources.flatMap((source) => source.findings.map((finding) => ({ ...finding, source: source.source })));
  const formula = percentFormulas[analysis.percentFormula];
  return {
    title: options.title ?? defaultTitle(reports),
    generatedAt: options.now ? options.now.toISOString() : null,
    tool: toolInfo,
    percentFormula: { id: formula.id, description: formula.description },
    rollup: {
      reports: reports.length,
      policies: totals.total,
      figures: figuresView(withPercent(totals, analysis.percentFormula)),
      redBySeverity: sumSeverities(reports),
    },
    reports,
    findings,
    findingCounts: { errors: analysis.summary.errors, warnings: analysis.summary.warnings },
    logo: options.logo ?? null,
  };
}
