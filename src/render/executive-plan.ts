import { compareWorst } from '../analyse/severity-rank.js';
import type { ReportView, ViewModel } from '../model/view-model.js';

/**
 * What the executive tier shows, bounded whatever the input's size: a 300,000-policy
 * file holds a thousand reports, and the tier must still be a few pages that open at once.
 */
export const executiveLimits = {
  /** Report sections; with more reports, the worst are kept (see compareWorst). */
  reports: 5,
  /** Bars of the roll-up chart of reports, the worst first. */
  chartReports: 10,
  /** Rows of each report's action list, the most severe first. */
  actions: 10,
  /** Bars of a report's compliance-by-category chart; above it, its worst categories only. */
  categoryBars: 12,
} as const;

/** The parts of a view model the executive tier lays out. */
export interface ExecutivePlan {
  /** The reports that get a section. */
  reports: ReportView[];
  /** Reports without a section. */
  reportsLeftOut: number;
  /** The reports the roll-up chart draws, the worst first. */
  chart: ReportView[];
  /** Reports the roll-up chart leaves out. */
  chartLeftOut: number;
}

/** A report as a chart or list names it: the benchmark id first, since several reports often share a benchmark name. */
export function reportLabel(report: ReportView): string {
  return `${report.benchmarkId} · ${report.benchmarkName} — ${report.accountName}`;
}

/** The worst first, by the measure of the worst reports (compareWorst), then document order. */
function worstFirst(reports: readonly ReportView[]): ReportView[] {
  const ranked = reports.map((report, order) => ({
    report,
    order,
    redWeight: report.redWeight,
    figures: report.figures,
  }));
  return ranked.sort(compareWorst).map((entry) => entry.report);
}

/** The failing policies of a report the executive tier lists, the most severe first, and how many it leaves out. */
export function topActions(report: ReportView): { shown: ReportView['actions']; leftOut: number } {
  const shown = report.actions.slice(0, executiveLimits.actions);
  return { shown, leftOut: report.actions.length - shown.length };
}

/** The categories a report's executive chart draws: all when few, else its worst ones. */
export function executiveCategories(report: ReportView): ReportView['categories'] {
  return report.categories.length <= executiveLimits.categoryBars ? report.categories : report.worstCategories;
}

/**
 * Plans the executive tier: with few reports every one gets a section in document
 * order; with more, only the worst (see compareWorst), the rest counted and named as left out.
 */
export function planExecutive(view: ViewModel): ExecutivePlan {
  const ranked = worstFirst(view.reports);
  const reports =
    view.reports.length <= executiveLimits.reports ? view.reports : ranked.slice(0, executiveLimits.reports);
  const chart = ranked.slice(0, executiveLimits.chartReports);
  return {
    reports,
    reportsLeftOut: view.reports.length - reports.length,
    chart,
    chartLeftOut: view.reports.length - chart.length,
  };
}
