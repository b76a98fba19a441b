import { definedPercent, percentFormulas } from '../analyse/percent-formulas.js';
import { accountOverlaps } from '../analyse/account-overlap.js';
import { failingResourcesOf } from '../analyse/figures.js';
import { rollUpReports } from '../analyse/roll-up.js';
import {
  actionOrderText,
  compareBySeverity,
  failingResources,
  isFailing,
  worstCategoryMeasure,
  worstReportMeasure,
} from '../analyse/severity-rank.js';
import type { Analysis, AnalysedReport, Figures, PercentFormula, ReportRanking } from '../model/analysis.js';
import type { DiffResult } from '../model/diff.js';
import type { AcceptedRisks } from '../model/exceptions.js';
import type { Policy } from '../model/report.js';
import type { PolicyChoice } from '../model/renderer.js';
import type {
  ActionView,
  CategoryView,
  FiguresView,
  FindingView,
  LogoView,
  ReportView,
  ViewModel,
} from '../model/view-model.js';
import { toolInfo } from '../tool-info.js';
import { acceptancesBySource, acceptedRisksView } from './accepted-risks-view.js';
import { findReportDiff, reportChangesView } from './changes-view.js';
import { displayPercentOrNa } from './display-values.js';
import { describeLeftOut } from './policy-listing.js';
import { rollUpCountingNote } from './roll-up-note.js';
import { readScanDate } from './stated-date.js';

/** Options that shape the document rather than its figures. */
export interface ViewModelOptions {
  /** Document title; by default built from the benchmark and account names. */
  title?: string;
  /** Stamp the time of generation into the document (output then differs run to run). */
  now?: Date;
  logo?: LogoView;
  /** Which policies the detail tables list (default `all`). */
  policies?: PolicyChoice;
  /** Show the input files' paths; by default only their names (a path can tell about the machine it was made on). */
  showPaths?: boolean;
  /** A comparison whose new side is this analysis: the reports it compared get their changes. */
  diff?: DiffResult;
  /** What the run's exceptions did: the document gets its accepted risks, and each report its accepted policies. */
  acceptedRisks?: AcceptedRisks;
}

function percentNote(figures: Figures): string {
  if (figures.total === 0) return 'no policies';
  const assessed = figures.total - figures.gray;
  if (assessed === 0)
    return figures.total === 1
      ? 'nothing assessed: the one policy is Gray'
      : `nothing assessed: all ${figures.total} policies are Gray`;
  return 'no resource checked';
}

/** The figures as every format shows them: the assessed count, the percent or n/a and why. */
export function figuresView(figures: Figures, formula: PercentFormula): FiguresView {
  const percent = definedPercent(formula, figures);
  // Member by member, not a spread: a spread of 10,000 category figures took half the view's time.
  return {
    total: figures.total,
    green: figures.green,
    red: figures.red,
    amber: figures.amber,
    gray: figures.gray,
    other: figures.other,
    passedResources: figures.passedResources,
    totalResources: figures.totalResources,
    assessed: figures.total - figures.gray,
    failingResources: failingResourcesOf(figures),
    percent,
    percentText: displayPercentOrNa(percent),
    percentNote: percent === null ? percentNote(figures) : null,
  };
}

const listers: Record<PolicyChoice, ((policy: Policy) => boolean) | null> = {
  all: null,
  assessed: (policy) => policy.Compliance !== 'Gray',
  failing: isFailing,
};

/** The file name of a path (either separator), so that documents do not tell where a file was kept. */
export function fileName(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return name === '' ? path : name;
}

function actionsOf(categories: readonly CategoryView[]): ActionView[] {
  const actions: ActionView[] = [];
  for (const category of categories) {
    for (const policy of category.policies)
      if (isFailing(policy)) actions.push({ policy, category, failingResources: failingResources(policy) });
  }
  return actions.sort((a, b) => compareBySeverity(a.policy, b.policy));
}

function reportView(
  analysed: AnalysedReport,
  ranking: ReportRanking,
  source: { path: string; text: string },
  index: number,
  formula: PercentFormula,
  choice: PolicyChoice,
): ReportView {
  const { report } = analysed;
  const anchor = `r${index + 1}`;
  const lister = listers[choice];
  const categories = analysed.categories.map(({ category, figures }, position): CategoryView => ({
    anchor: `${anchor}-c${position + 1}`,
    order: category.ControlCategoryOrder,
    name: category.CategoryName,
    categoryId: category.CategoryId,
    figures: figuresView(figures, formula),
    statedPercent: category.CompliancePercent,
    policies: category.Policies,
    listed: lister ? category.Policies.filter(lister) : category.Policies,
    redWeight: ranking.categoryRedWeights[position] as number,
  }));
  const figures = figuresView(analysed.figures, formula);
  const view: Omit<ReportView, 'actions'> = {
    anchor,
    source: source.text,
    sourcePath: source.path,
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
    lastScanned: readScanDate(report.LastScannedDate, report.LastScannedDateEpochTime),
    figures,
    statedPercent: report.Posture?.CompliancePercent ?? null,
    redBySeverity: analysed.redBySeverity,
    redWeight: ranking.redWeight,
    worstCategories: ranking.worstCategories.map((position) => categories[position] as CategoryView),
    categories,
    listedPolicies: lister ? categories.reduce((sum, category) => sum + category.listed.length, 0) : figures.total,
    policiesLeftOut: describeLeftOut(choice, figures),
  };
  return withActions(view, categories);
}

/**
 * The report view with its action list sorted when first read: the documents for a
 * person read it, but the CSV and HDF exports never do, and sorting the failing half of
 * 300,000 policies took a quarter of the view's time.
 */
function withActions(view: Omit<ReportView, 'actions'>, categories: readonly CategoryView[]): ReportView {
  let actions: ActionView[] | undefined;
  return Object.defineProperty(view, 'actions', {
    enumerable: true,
    get: () => (actions ??= actionsOf(categories)),
  }) as ReportView;
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
 * figures, worst categories and action list, the roll-up across them (all computed by
 * analyse, see rollUpReports), and the check's findings for the data-quality section.
 */
export function buildViewModel(analysis: Analysis, options: ViewModelOptions = {}): ViewModel {
  const choice = options.policies ?? 'all';
  const sourceText = options.showPaths ? (source: string) => source : fileName;
  const rollUp = rollUpReports(analysis);
  const acceptances = options.acceptedRisks === undefined ? undefined : acceptancesBySource(options.acceptedRisks);
  const reports: ReportView[] = [];
  for (const source of analysis.sources) {
    for (const analysed of source.reports) {
      const ranking = rollUp.rankings[reports.length] as ReportRanking;
      const report = reportView(
        analysed,
        ranking,
        { path: source.source, text: sourceText(source.source) },
        reports.length,
        analysis.percentFormula,
        choice,
      );
      const compared = findReportDiff(options.diff, source.source, analysed.pointer);
      if (compared) report.changes = reportChangesView(compared, report.anchor);
      const accepted = acceptances?.get(source.source);
      if (acceptances !== undefined) report.accepted = accepted ?? new Map();
      reports.push(report);
    }
  }
  const findings: FindingView[] = analysis.sources.flatMap((source) =>
    source.findings.map((finding) => ({ ...finding, source: sourceText(source.source) })),
  );
  const formula = percentFormulas[analysis.percentFormula];
  const rollupFigures = figuresView(rollUp.figures, analysis.percentFormula);
  return {
    title: options.title ?? defaultTitle(reports),
    generatedAt: options.now ? options.now.toISOString() : null,
    tool: toolInfo,
    percentFormula: { id: formula.id, description: formula.description },
    rollup: {
      reports: rollUp.reports,
      policies: rollUp.policies,
      figures: rollupFigures,
      redBySeverity: rollUp.redBySeverity,
      worstReports: rollUp.worstReports.map((position) => reports[position] as ReportView),
      countingNote: rollUpCountingNote(accountOverlaps(analysis.sources.flatMap((source) => source.reports))),
    },
    ranking: { worstCategories: worstCategoryMeasure, worstReports: worstReportMeasure, actions: actionOrderText },
    policyListing: {
      choice,
      listed: reports.reduce((sum, report) => sum + report.listedPolicies, 0),
      leftOut: describeLeftOut(choice, rollupFigures),
    },
    reports,
    findings,
    findingCounts: { errors: analysis.summary.errors, warnings: analysis.summary.warnings },
    logo: options.logo ?? null,
    ...(options.acceptedRisks === undefined
      ? {}
      : {
          acceptedRisks: acceptedRisksView(
            options.acceptedRisks,
            new Set(analysis.sources.map((source) => source.source)),
            sourceText,
          ),
        }),
  };
}
