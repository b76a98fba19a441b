import { definedPercent } from '../../analyse/percent-formulas.js';
import { rollUpFigures } from '../../analyse/roll-up.js';
import type {
  AnalysedCategory,
  AnalysedReport,
  AnalysedSource,
  Analysis,
  Figures,
  PercentFormula,
  SeverityCount,
} from '../../model/analysis.js';
import { displayPercentOrNa } from '../display-values.js';

/**
 * The posture figures of a run, a report or a category as `--format json` states them:
 * the figures analyse computed, laid out as the documents print them, so that a
 * dashboard reading the JSON shows what the HTML, PDF and workbook show.
 */
export interface PostureFiguresJson extends Omit<Figures, 'percent'> {
  /** Compliance percent by the run's formula, unrounded; null when nothing was assessed (or no resource checked). */
  percent: number | null;
  /** The percent as the documents print it: `23.1%`, or `n/a` when `percent` is null. */
  percentText: string;
  /** Red policies by Severity: Critical, High, Moderate, Low, VeryLow (zeros included), then others. */
  redBySeverity: SeverityCount[];
}

/** One category of a report in {@link ReportPostureJson}, with the ids that name it. */
export interface CategoryPostureJson extends PostureFiguresJson {
  /** RFC 6901 pointer of the category inside its file. */
  pointer: string;
  CategoryId: string;
  CategoryName: string;
  ControlCategoryOrder: number;
}

/** One benchmark report of a file, with the ids that name it and its categories. */
export interface ReportPostureJson extends PostureFiguresJson {
  /** RFC 6901 pointer of the report inside its file. */
  pointer: string;
  BenchmarkId: string;
  BenchmarkName: string;
  AccountId: string;
  AccountName: string;
  ConnectorType: string;
  JobId: string;
  categories: CategoryPostureJson[];
}

/** The posture of one file: its reports that passed the schema, in file order. */
export interface FilePostureJson {
  reports: ReportPostureJson[];
}

function postureFigures(figures: Figures, percent: number | null, redBySeverity: SeverityCount[]): PostureFiguresJson {
  return {
    total: figures.total,
    green: figures.green,
    red: figures.red,
    amber: figures.amber,
    gray: figures.gray,
    other: figures.other,
    percent,
    percentText: displayPercentOrNa(percent),
    passedResources: figures.passedResources,
    totalResources: figures.totalResources,
    redBySeverity,
  };
}

function categoryPosture(
  { category, pointer, figures, redBySeverity }: AnalysedCategory,
  formula: PercentFormula,
): CategoryPostureJson {
  return {
    pointer,
    CategoryId: category.CategoryId,
    CategoryName: category.CategoryName,
    ControlCategoryOrder: category.ControlCategoryOrder,
    ...postureFigures(figures, definedPercent(formula, figures), redBySeverity),
  };
}

function reportPosture(analysed: AnalysedReport, formula: PercentFormula): ReportPostureJson {
  const { report, figures } = analysed;
  return {
    pointer: analysed.pointer,
    BenchmarkId: report.BenchmarkId,
    BenchmarkName: report.BenchmarkName,
    AccountId: report.AccountId,
    AccountName: report.AccountName,
    ConnectorType: report.ConnectorType,
    JobId: report.JobId,
    ...postureFigures(figures, definedPercent(formula, figures), analysed.redBySeverity),
    categories: analysed.categories.map((category) => categoryPosture(category, formula)),
  };
}

/** The posture of one analysed file: every valid report and each of its categories. */
export function filePosture(source: AnalysedSource, formula: PercentFormula): FilePostureJson {
  return { reports: source.reports.map((report) => reportPosture(report, formula)) };
}

/** The posture of the whole run: the roll-up the documents print, summed by analyse. */
export function runPosture(analysis: Analysis): PostureFiguresJson {
  const rollUp = rollUpFigures(analysis);
  return postureFigures(rollUp.figures, rollUp.hasPercent ? rollUp.figures.percent : null, rollUp.redBySeverity);
}
