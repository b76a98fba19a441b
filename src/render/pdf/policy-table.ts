import type { Policy } from '../../model/report.js';
import type { CategoryView, ReportView } from '../../model/view-model.js';
import { formatCount, formatResources, formatRisk } from '../display-values.js';
import { bookmark, heading } from './blocks.js';
import type { Canvas } from './canvas.js';
import type { OutlineItem } from './pdfkit-internals.js';
import { drawTable, type Column } from './table.js';
import { complianceFill, sizes } from './theme.js';

/** How many policy rows may still be drawn, of how many there are. */
export interface PolicyBudget {
  limit: number;
  left: number;
  total: number;
}

/** The sentence that states the cut, or null when every policy is listed. */
export function cutText(budget: PolicyBudget): string | null {
  if (budget.total <= budget.limit) return null;
  return `Lists the first ${formatCount(budget.limit)} of ${formatCount(budget.total)} policies (maxPolicies); every figure and chart counts all of them.`;
}

/**
 * How many categories drawPolicies will list (each with a bookmark) for `limit` rows:
 * a category is listed while rows are left when it starts.
 */
export function listedCategories(reports: readonly ReportView[], limit: number): number {
  let left = limit;
  let listed = 0;
  for (const report of reports) {
    for (const category of report.categories) {
      if (left <= 0) return listed;
      listed++;
      left -= Math.min(category.policies.length, left);
    }
  }
  return listed;
}

function policyColumns(canvas: Canvas): Column<Policy>[] {
  // Service names are long single words: in landscape they get some of the extra width.
  const service = Math.round(canvas.page.contentWidth * 0.14);
  const fixed = 44 + service + 54 + 46 + 48 + 46 + 50;
  const colour = (value: string): ReturnType<typeof complianceFill> | null => (value.trim() === '' ? null : complianceFill(value));
  return [
    { header: 'No.', width: 44, text: (policy) => policy.ComplianceNumber },
    { header: 'Policy', width: canvas.page.contentWidth - fixed, text: (policy) => policy.ShortTitle },
    { header: 'Service', width: service, text: (policy) => policy.ServiceName },
    { header: 'Compliance', width: 54, text: (policy) => policy.Compliance, chip: (policy) => colour(policy.Compliance) },
    { header: 'Severity', width: 46, text: (policy) => policy.Severity },
    { header: 'Risk probability', width: 48, text: (policy) => formatRisk(policy.RiskProbability) },
    { header: 'Risk level', width: 46, text: (policy) => formatRisk(policy.RiskLevel), chip: (policy) => colour(policy.RiskLevel) },
    { header: 'Resources passed', width: 50, align: 'right', text: (policy) => formatResources(policy.PassedResourceCount, policy.TotalResourceCount) },
  ];
}

function categoryLine(category: CategoryView): string {
  const { total, green, red, amber, gray, percentText } = category.figures;
  return `${formatCount(total)} policies · ${percentText} compliant · Green ${formatCount(green)}, Red ${formatCount(red)}, Amber ${formatCount(amber)}, Gray ${formatCount(gray)}`;
}

/**
 * The policies of each category of a report, one table per category with its header
 * repeated on every page, and a bookmark per category under the report's. Stops when
 * the budget is spent, saying so where the list ends.
 */
export function drawPolicies(canvas: Canvas, report: ReportView, budget: PolicyBudget, parent: OutlineItem): void {
  const columns = policyColumns(canvas);
  for (const category of report.categories) {
    if (budget.left <= 0) return;
    const title = `${category.order}. ${category.name}`;
    bookmark(canvas, title, parent, heading(canvas, title, 2, 60));
    canvas.paragraph(categoryLine(category), { size: sizes.small, colour: 'muted' }, 4);
    const shown = Math.min(category.policies.length, budget.left);
    const rows = shown < category.policies.length ? category.policies.slice(0, shown) : category.policies;
    drawTable(canvas, columns, rows, { continued: `${title} (continued)` });
    budget.left -= shown;
    canvas.y += 12;
    const cut = budget.left <= 0 ? cutText(budget) : null;
    if (cut) canvas.paragraph(`The policy list ends here. ${cut}`, { size: sizes.body, weight: 'bold', colour: 'Red' });
  }
}
