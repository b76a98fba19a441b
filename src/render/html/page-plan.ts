import type { Policy } from '../../model/report.js';
import type { ActionView, CategoryView, FindingView, ReportView, ViewModel } from '../../model/view-model.js';
import { displayPercent } from '../display-values.js';
import { reportLabel } from '../executive-plan.js';
import { layoutChart, type ChartPlan } from './colour-chart.js';
import { scriptJsonBlock } from './script-json.js';
import { buildReportData, type FilterValues } from './table-data.js';

/**
 * How much of a document is written as static markup. Chromium needs minutes to lay
 * out a table of 300,000 rows, so the page holds bounded slices that read well with
 * scripts off (and says what it leaves out); the page script draws the rest on demand.
 */
export const pageLimits = {
  /** Report sections written in full; later ones are drawn when scrolled to. */
  fullSections: 20,
  /** Static policy rows of one table; also the page size of the script. */
  policyRowsPerTable: 250,
  /** Static policy rows over the whole page. */
  policyRowsInPage: 2_000,
  /** Static rows of a category table; also the page size of the script. */
  categoryRows: 100,
  /** Bars of a chart. */
  chartBars: 30,
  /** Static rows of the table of reports; also the page size of the script. */
  reportRows: 200,
  /** Findings listed in the data-quality section. */
  findings: 500,
} as const;

/** The part of a table written as markup. */
export interface TableSlice<Row> {
  rows: readonly Row[];
  total: number;
  /** True when every row is in the markup. */
  complete: boolean;
  pageSize: number;
  /** True when the rows take more than one page of the script. */
  paged: boolean;
}

/** A policy row of the page, with the category it belongs to. */
export interface PolicyRow {
  policy: Policy;
  category: CategoryView;
}

/** What the page shows of one report. */
export interface ReportPlan {
  /** The whole section is in the markup (else a placeholder the script fills). */
  full: boolean;
  /** Id of the report's data block for the script. */
  dataId: string;
  /** The data block itself, `<script type="application/json">`. */
  dataBlock: string;
  categories: TableSlice<CategoryView>;
  policies: TableSlice<PolicyRow>;
  actions: TableSlice<ActionView>;
  chart: ChartPlan;
  filters: FilterValues;
}

/** What the page shows, report by report and across reports. */
export interface PagePlan {
  reports: WeakMap<ReportView, ReportPlan>;
  overview: { chart: ChartPlan; reports: TableSlice<ReportView>; worstReports: ReportView[]; dataBlock: string };
  findings: TableSlice<FindingView>;
}

function slice<Row>(rows: readonly Row[], limit: number, pageSize: number, total = rows.length): TableSlice<Row> {
  const shown = rows.length > limit ? rows.slice(0, limit) : rows;
  return { rows: shown, total, complete: shown.length === total, pageSize, paged: total > pageSize };
}

function firstPolicies(report: ReportView, limit: number): PolicyRow[] {
  const policies: PolicyRow[] = [];
  for (const category of report.categories) {
    if (policies.length >= limit) break;
    for (const policy of category.listed.slice(0, limit - policies.length)) policies.push({ policy, category });
  }
  return policies;
}

/** The stated CompliancePercent when it reads differently from the recomputed one, else ''. */
export function statedPercentText(category: CategoryView): string {
  // The service states 0.0 where nothing was assessed: that is no disagreement.
  if (category.figures.percent === null) return '';
  const stated = displayPercent(category.statedPercent);
  return stated === category.figures.percentText ? '' : stated;
}

function overviewRow(report: ReportView): (string | number | null)[] {
  const { figures } = report;
  return [
    report.anchor,
    report.benchmarkName,
    report.benchmarkId,
    report.accountName,
    report.connectorType,
    figures.total,
    figures.green,
    figures.red,
    figures.amber,
    figures.gray,
    figures.percent,
    figures.percentText,
  ];
}

/** The id of a report's data block for the script. */
export function reportDataId(report: ReportView): string {
  return `data-${report.anchor}`;
}

/** Decides, for every report, what is static markup and what the script draws. */
export function planPage(view: ViewModel): PagePlan {
  const reports = new WeakMap<ReportView, ReportPlan>();
  let policyBudget: number = pageLimits.policyRowsInPage;
  for (const [index, report] of view.reports.entries()) {
    const full = index < pageLimits.fullSections;
    // The action list comes first in the section and first out of the page's budget.
    const actionLimit = full ? Math.min(pageLimits.policyRowsPerTable, policyBudget) : 0;
    const actions = slice(report.actions, actionLimit, pageLimits.policyRowsPerTable);
    policyBudget -= actions.rows.length;
    const limit = full ? Math.min(pageLimits.policyRowsPerTable, policyBudget) : 0;
    const policies = firstPolicies(report, limit);
    policyBudget -= policies.length;
    const { data, filters } = buildReportData(report, statedPercentText);
    const dataId = reportDataId(report);
    reports.set(report, {
      full,
      dataId,
      dataBlock: scriptJsonBlock(dataId, data),
      categories: slice(report.categories, full ? pageLimits.categoryRows : 0, pageLimits.categoryRows),
      policies: slice(policies, limit, pageLimits.policyRowsPerTable, report.listedPolicies),
      actions,
      chart: layoutChart(
        report.categories.map((category) => ({
          label: category.name,
          anchor: category.anchor,
          figures: category.figures,
        })),
        pageLimits.chartBars,
        { name: 'Categories', anchor: `${report.anchor}-categories` },
      ),
      filters,
    });
  }
  const overviewItems = view.reports.map((report) => ({
    label: reportLabel(report),
    anchor: report.anchor,
    figures: report.figures,
  }));
  return {
    reports,
    overview: {
      chart: layoutChart(overviewItems, pageLimits.chartBars, { name: 'Reports', anchor: 'overview-reports' }),
      reports: slice(view.reports, pageLimits.reportRows, pageLimits.reportRows),
      worstReports: view.rollup.worstReports,
      dataBlock: scriptJsonBlock('data-reports', { reports: view.reports.map(overviewRow) }),
    },
    findings: slice(view.findings, pageLimits.findings, pageLimits.findings),
  };
}
