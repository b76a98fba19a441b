import type { Policy } from '../../model/report.js';
import type { PolicyCut } from '../policy-listing.js';
import type { CategoryView, ReportView } from '../../model/view-model.js';
import { acceptedPoliciesOf, complianceText } from '../accepted-marks.js';
import { displayCount, displayResources, displayRisk } from '../display-values.js';
import { acceptedColourWidth } from './accepted-risks.js';
import { bookmark, heading } from './blocks.js';
import type { Canvas } from './canvas.js';
import type { OutlineItem } from './pdfkit-internals.js';
import { pauseOften } from '../pause-often.js';
import { drawLongTable, type Column } from './table.js';
import { complianceFill, sizes } from './theme.js';

function policyColumns(canvas: Canvas, report: ReportView): Column<Policy>[] {
  const accepted = acceptedPoliciesOf(report);
  // Service names are long single words: in landscape they get some of the extra width.
  const service = Math.round(canvas.page.contentWidth * 0.14);
  // An accepted policy's colour is followed by its acceptance: a column wide enough for the id and the date.
  const compliance = accepted.size === 0 ? 54 : acceptedColourWidth;
  const fixed = 44 + service + compliance + 46 + 48 + 46 + 50;
  const colour = (value: string): ReturnType<typeof complianceFill> | null =>
    value.trim() === '' ? null : complianceFill(value);
  return [
    { header: 'No.', width: 44, text: (policy) => policy.ComplianceNumber },
    { header: 'Policy', width: canvas.page.contentWidth - fixed, text: (policy) => policy.ShortTitle },
    { header: 'Service', width: service, text: (policy) => policy.ServiceName },
    {
      header: 'Compliance',
      width: compliance,
      text: (policy) => complianceText(policy, accepted),
      chip: (policy) => colour(policy.Compliance),
    },
    { header: 'Severity', width: 46, text: (policy) => policy.Severity },
    { header: 'Risk probability', width: 48, text: (policy) => displayRisk(policy.RiskProbability) },
    {
      header: 'Risk level',
      width: 46,
      text: (policy) => displayRisk(policy.RiskLevel),
      chip: (policy) => colour(policy.RiskLevel),
    },
    {
      header: 'Resources passed',
      width: 50,
      align: 'right',
      text: (policy) => displayResources(policy.PassedResourceCount, policy.TotalResourceCount),
    },
  ];
}

function categoryLine(category: CategoryView): string {
  const { total, green, red, amber, gray, percentText, percentNote } = category.figures;
  const compliance = percentNote === null ? `${percentText} compliant` : `compliance n/a (${percentNote})`;
  return `${displayCount(total)} policies · ${compliance} · Green ${displayCount(green)}, Red ${displayCount(red)}, Amber ${displayCount(amber)}, Gray ${displayCount(gray)}`;
}

/**
 * The listed policies of each category of a report, one table per category with its
 * header repeated on every page, and a bookmark per category under the report's.
 * Under a cut (`maxPolicies`) only the kept policies are drawn, in report order. The
 * event loop gets a turn every few hundred rows, so that a stop signal is handled.
 */
export async function drawPolicies(
  canvas: Canvas,
  report: ReportView,
  cut: PolicyCut,
  parent: OutlineItem,
  pause = pauseOften(),
): Promise<void> {
  const columns = policyColumns(canvas, report);
  for (const category of report.categories) {
    const rows = rowsOf(category, cut);
    if (rows.length === 0) continue;
    const title = `${category.order}. ${category.name}`;
    bookmark(canvas, title, parent, heading(canvas, title, 2, 60));
    const shown = rows.length === category.figures.total ? '' : ` · ${displayCount(rows.length)} listed`;
    canvas.paragraph(categoryLine(category) + shown, { size: sizes.small, colour: 'muted' }, 4);
    await drawLongTable(canvas, columns, rows, { continued: `${title} (continued)` }, pause);
    canvas.y += 12;
  }
}

function rowsOf(category: ReportView['categories'][number], cut: PolicyCut): readonly Policy[] {
  return cut.kept ? category.listed.filter((policy) => cut.kept?.has(policy)) : category.listed;
}

/**
 * The bookmarks the policy section of `report` will add below the report's own: the
 * action list, "Policies" when any is drawn, and one per category with drawn rows.
 * The table of contents reserves its pages from this count before drawing.
 */
export function policyBookmarks(report: ReportView, cut: PolicyCut): number {
  if (drawnPolicies(report, cut) === 0) return 1;
  return 2 + report.categories.filter((category) => rowsOf(category, cut).length > 0).length;
}

/** Policies of a report the tables will draw under a cut. */
export function drawnPolicies(report: ReportView, cut: PolicyCut): number {
  if (!cut.kept) return report.listedPolicies;
  let count = 0;
  for (const category of report.categories) for (const policy of category.listed) if (cut.kept.has(policy)) count += 1;
  return count;
}
