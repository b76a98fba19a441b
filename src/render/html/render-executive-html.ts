import type { RenderOptions } from '../../model/renderer.js';
import type { ReportView, ViewModel } from '../../model/view-model.js';
import { showControlCharacters } from '../../text/show-control-characters.js';
import { executiveCategories, executiveLimits, planExecutive, reportLabel, topActions } from '../executive-plan.js';
import { layoutChart, type ChartPlan } from './colour-chart.js';
import { contentSecurityPolicy } from './content-security.js';
import { renderPartialPage, templateSet } from './template-set.js';

/** The partial that is the executive page; overridable like any template (`executive.hbs`). */
const executivePartial = 'executive';

/** What the executive template shows of one report. */
interface ExecutiveReport {
  report: ReportView;
  chart: ChartPlan;
  chartCaption: string;
  categoriesLeftOut: number;
  actions: ReportView['actions'];
  actionsLeftOut: number;
}

/**
 * The report as the executive page shows it: it has no category table, so its worst
 * categories link nowhere (an empty anchor is shown as plain text).
 */
function withoutCategoryLinks(report: ReportView): ReportView {
  return { ...report, worstCategories: report.worstCategories.map((category) => ({ ...category, anchor: '' })) };
}

function executiveReport(report: ReportView): ExecutiveReport {
  const categories = executiveCategories(report);
  const { shown, leftOut } = topActions(report);
  const partial = categories.length < report.categories.length;
  return {
    report: withoutCategoryLinks(report),
    // Bounded lists, so the chart draws them all and has no table to point to: no links.
    chart: layoutChart(
      categories.map((category) => ({ label: category.name, anchor: '', figures: category.figures })),
      executiveLimits.categoryBars,
      { name: 'Categories', anchor: report.anchor },
    ),
    chartCaption: partial ? 'Colours of the worst categories' : 'Colours per category',
    categoriesLeftOut: report.categories.length - categories.length,
    actions: shown,
    actionsLeftOut: leftOut,
  };
}

/**
 * Renders the executive tier as one self-contained HTML page without a script: the
 * roll-up with a chart of the reports lowest in compliance, then for a bounded number
 * of reports their summary, worst categories and most severe failing policies. Its
 * size does not grow with the policy count, so it opens at once at any report size. With
 * exceptions, the accepted risks in brief: the count, the expired ones, the nearest expiries.
 */
export function renderExecutiveHtmlView(view: ViewModel, options: RenderOptions): string {
  const templates = templateSet(options.templates);
  const plan = planExecutive(view);
  // A bar links to its report's section only when the page has one.
  const withSection = new Set(plan.reports.map((report) => report.anchor));
  const chartItems = plan.chart.map((report) => ({
    label: reportLabel(report),
    anchor: withSection.has(report.anchor) ? report.anchor : '',
    figures: report.figures,
  }));
  const executive = {
    rollup: view.reports.length > 1,
    chart: layoutChart(chartItems, executiveLimits.chartReports, { name: 'Reports', anchor: 'overview' }),
    chartLeftOut: plan.chartLeftOut,
    reports: plan.reports.map(executiveReport),
    reportsLeftOut: plan.reportsLeftOut,
  };
  // A page without exceptions keeps its stylesheet, and so its bytes, as they were.
  const style = view.acceptedRisks ? `${templates.style}\n${templates.accepted.style}` : templates.style;
  const data = { root: view, style, csp: contentSecurityPolicy({ script: '', style }), executive };
  // Handlebars escapes markup but passes control characters (a NUL) through.
  return showControlCharacters(renderPartialPage(templates, executivePartial, view, data), 'keep');
}
