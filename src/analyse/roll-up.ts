import type {
  AnalysedReport,
  Analysis,
  Figures,
  PercentFormula,
  ReportRanking,
  RollUp,
  RollUpFigures,
  SeverityCount,
} from '../model/analysis.js';
import { addCounts, emptyCounts, failingResourcesOf, withPercent } from './figures.js';
import { definedPercent, hasPercent } from './percent-formulas.js';
import { redWeight, worstCategories, type RankedCategory } from './severity-rank.js';

/** What the ranking reads of a category or a report, with its position. */
interface Ranked extends RankedCategory {
  position: number;
}

/** What the ranking reads of some figures: the counts, the percent, the assessed policies and the failing resources. */
function rankedFigures(figures: Figures, formula: PercentFormula): RankedCategory['figures'] {
  return {
    red: figures.red,
    amber: figures.amber,
    percent: definedPercent(formula, figures),
    assessed: figures.total - figures.gray,
    failingResources: failingResourcesOf(figures),
  };
}

function rankReport(analysed: AnalysedReport, formula: PercentFormula): ReportRanking {
  const categoryRedWeights = analysed.categories.map(({ category }) => redWeight(category.Policies));
  const ranked = analysed.categories.map(({ category, figures }, position): Ranked => ({
    figures: rankedFigures(figures, formula),
    redWeight: categoryRedWeights[position] as number,
    order: category.ControlCategoryOrder,
    position,
  }));
  return {
    categoryRedWeights,
    redWeight: categoryRedWeights.reduce((sum, weight) => sum + weight, 0),
    worstCategories: worstCategories(ranked).map((item) => item.position),
  };
}

/** Red counts by Severity summed over reports; a severity keeps the place where a report first names it. */
function sumSeverities(reports: readonly AnalysedReport[]): SeverityCount[] {
  // A Map, not an object: a Severity of "__proto__" is data, not a prototype.
  const totals = new Map<string, number>();
  for (const report of reports) {
    for (const { severity, count } of report.redBySeverity) totals.set(severity, (totals.get(severity) ?? 0) + count);
  }
  return [...totals].map(([severity, count]) => ({ severity, count }));
}

/**
 * Every analysed report's figures summed (the percent recomputed over the sums, not
 * averaged) and Red by severity: the roll-up without its rankings, which walk every
 * policy once more and which an output that ranks nothing does not need.
 */
export function rollUpFigures(analysis: Analysis): RollUpFigures {
  const reports = analysis.sources.flatMap((source) => source.reports);
  const totals = emptyCounts();
  for (const report of reports) addCounts(totals, report.figures);
  const figures = withPercent(totals, analysis.percentFormula);
  return {
    reports: reports.length,
    policies: totals.total,
    figures,
    hasPercent: hasPercent(analysis.percentFormula, figures),
    redBySeverity: sumSeverities(reports),
  };
}

/**
 * The roll-up of an analysis: every analysed report's figures summed (the percent
 * recomputed over the sums, not averaged), Red by severity, and the rankings of
 * categories within each report and of reports across them. Every format reads these
 * numbers, so an HTML page, a PDF and a workbook of the same analysis agree.
 *
 * Benchmark reports are summed as they are, also when several are of one account: a
 * policy (PolicyId) that the service mapped into CSBP, CIS and PCI counts once per
 * benchmark, as each benchmark's own report counts it. This is the roll-up of benchmark
 * reports, not of distinct checks: each benchmark assessed that check against its own
 * control, and counting it once would need one colour where the benchmarks may differ.
 * The documents say so beside the roll-up wherever one account's reports share policies
 * (see accountOverlaps, which counts the distinct ones).
 */
export function rollUpReports(analysis: Analysis): RollUp {
  const formula = analysis.percentFormula;
  const reports = analysis.sources.flatMap((source) => source.reports);
  const rankings = reports.map((report) => rankReport(report, formula));
  const rankedReports = reports.map((report, position): Ranked => ({
    figures: rankedFigures(report.figures, formula),
    redWeight: (rankings[position] as ReportRanking).redWeight,
    order: position,
    position,
  }));
  return {
    ...rollUpFigures(analysis),
    rankings,
    worstReports: worstCategories(rankedReports).map((item) => item.position),
  };
}
