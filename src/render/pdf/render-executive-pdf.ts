import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import type { ReportView, ViewModel } from '../../model/view-model.js';
import { displayCount } from '../display-values.js';
import { rankWorstCategories } from '../worst-ranks.js';
import { executiveCategories, planExecutive, reportLabel, topActions, type ExecutivePlan } from '../executive-plan.js';
import { acceptedCount, acceptedPoliciesOf } from '../accepted-marks.js';
import { drawAcceptedBrief, drawAcceptedFigure } from './accepted-risks.js';
import { actionColumns, type ActionRow } from './action-list.js';
import { bookmark, heading } from './blocks.js';
import { Canvas } from './canvas.js';
import { stackedBars } from './charts.js';
import { openPdf } from './open-pdf.js';
import { drawCover } from './cover.js';
import { chartRow, countingNote, figureTiles, worstLine } from './summary.js';
import { drawTable } from './table.js';
import { sizes } from './theme.js';

const coverNote =
  'None: this is the executive summary. The full tier (--tier full) and the XLSX workbook list every policy.';

function note(canvas: Canvas, text: string): void {
  canvas.paragraph(text, { size: sizes.small, colour: 'muted' }, 6);
}

function drawRollup(canvas: Canvas, view: ViewModel, plan: ExecutivePlan): void {
  heading(canvas, `Roll-up across ${displayCount(view.rollup.reports)} benchmark reports`, 1);
  canvas.paragraph(
    `${displayCount(view.rollup.policies)} policies in ${displayCount(view.rollup.reports)} benchmark reports, counted together.`,
    { size: sizes.body, colour: 'muted' },
    10,
  );
  figureTiles(canvas, view.rollup.figures);
  countingNote(canvas, view);
  chartRow(canvas, view.rollup.figures, view.rollup.redBySeverity);
  heading(canvas, 'Worst reports', 3, 60);
  note(canvas, `Ranked by ${view.ranking.worstReports}.`);
  // Wider labels than a category chart's: a report is named by its id, benchmark and account.
  stackedBars(
    canvas,
    plan.chart.map((report) => ({ label: reportLabel(report), figures: report.figures })),
    0.5,
  );
  canvas.y += 4;
  if (plan.chartLeftOut > 0)
    note(
      canvas,
      `${displayCount(plan.chartLeftOut)} more ${plan.chartLeftOut === 1 ? 'report is' : 'reports are'} not drawn; the full tier lists every report.`,
    );
  if (plan.reportsLeftOut > 0)
    note(
      canvas,
      `The ${displayCount(plan.reports.length)} worst get a summary on the next pages; ${displayCount(plan.reportsLeftOut)} other reports are left out of this executive summary.`,
    );
}

function drawReport(canvas: Canvas, report: ReportView, view: ViewModel): void {
  heading(canvas, report.benchmarkName, 1);
  const ids = [
    report.accountName,
    report.connectorType,
    `benchmark ${report.benchmarkId}`,
    `account ${report.accountId}`,
  ];
  if (report.lastScanned) ids.push(`last scanned ${report.lastScanned.text}`);
  canvas.paragraph(ids.join(' · '), { size: sizes.small + 0.5, colour: 'muted' }, 10);
  figureTiles(canvas, report.figures);
  if (report.accepted) drawAcceptedFigure(canvas, report.figures, acceptedCount(report));
  chartRow(canvas, report.figures, report.redBySeverity);
  heading(canvas, 'Worst categories', 3, 30);
  canvas.paragraph(`Ranked by ${view.ranking.worstCategories}.`, { size: sizes.small, colour: 'muted' }, 3);
  if (report.worstCategories.length === 0)
    canvas.paragraph('No assessed category has Red or Amber policies.', { size: sizes.body }, 6);
  const worst = rankWorstCategories(report.worstCategories);
  for (const ranked of worst) canvas.paragraph(worstLine(ranked), { size: sizes.body }, 1);
  canvas.y += 6;
  const categories = executiveCategories(report);
  if (categories.length > 0 && categories.length < report.categories.length) {
    // The worst categories only: labelled by rank, as in the list above.
    heading(canvas, 'Compliance of the worst categories', 3, 30);
    stackedBars(
      canvas,
      worst.map(({ rank, category }) => ({ label: `${rank}. ${category.name}`, figures: category.figures })),
    );
    note(canvas, `${displayCount(report.categories.length - categories.length)} other categories are not drawn.`);
  } else if (categories.length > 0) {
    heading(canvas, 'Compliance by category', 3, 30);
    // Named only, as in the web page: this tier has no category table for a number to point to,
    // and numbers here would read as a second ranking beside the worst categories'.
    stackedBars(
      canvas,
      categories.map((category) => ({ label: category.name, figures: category.figures })),
    );
  }
  canvas.y += 10;
  drawTopActions(canvas, report, view);
}

function drawTopActions(canvas: Canvas, report: ReportView, view: ViewModel): void {
  // Kept whole on one page: ten rows split over two pages read badly.
  heading(canvas, 'Most severe failing policies', 2, 330);
  const { shown, leftOut } = topActions(report);
  if (shown.length === 0) {
    canvas.paragraph('No failing policy: nothing is Red or Amber.', { size: sizes.body }, 6);
    return;
  }
  note(
    canvas,
    `The first ${displayCount(shown.length)} of ${displayCount(report.actions.length)} failing policies (Red and Amber), ordered ${view.ranking.actions}.`,
  );
  const rows = shown.map((action, index): ActionRow => ({ action, rank: index + 1 }));
  drawTable(canvas, actionColumns(canvas, acceptedPoliciesOf(report)), rows, {
    continued: `Most severe failing policies of ${report.benchmarkName} (continued)`,
  });
  canvas.y += 4;
  if (leftOut > 0)
    note(
      canvas,
      `${displayCount(leftOut)} more failing ${leftOut === 1 ? 'policy' : 'policies'}: the full tier and the XLSX Action list and POA&M sheets list every one.`,
    );
}

function drawDataQualityLine(canvas: Canvas, view: ViewModel): void {
  const { errors, warnings } = view.findingCounts;
  heading(canvas, 'Data quality', 3, 20);
  const text =
    errors + warnings === 0
      ? 'No findings: the reports passed every check.'
      : `${displayCount(errors)} errors and ${displayCount(warnings)} warnings; the full tier lists them (or run cspm-report check).`;
  canvas.paragraph(text, { size: sizes.body }, 4);
}

/**
 * Renders the executive tier as PDF: the cover, the roll-up with a chart of the worst
 * reports (several reports), then for a bounded number of reports their
 * summary, worst categories and most severe failing policies; with exceptions, the
 * accepted risks in brief (count, nearest expiries, expired ones by name). Nothing is laid out per
 * policy, so the page count stays small and the same at any report size.
 */
export async function renderExecutivePdfView(view: ViewModel, options: RenderOptions): Promise<RenderedBody> {
  const pdf = openPdf(view, options);
  const { canvas } = pdf;
  const plan = planExecutive(view);
  canvas.newPage(false);
  bookmark(canvas, 'Cover', undefined, 0);
  drawCover(canvas, view, options, coverNote);
  if (view.reports.length > 1) {
    canvas.newPage();
    bookmark(canvas, 'Roll-up across benchmark reports');
    drawRollup(canvas, view, plan);
  }
  for (const report of plan.reports) {
    canvas.newPage();
    bookmark(canvas, reportLabel(report));
    drawReport(canvas, report, view);
  }
  canvas.y += 6;
  if (view.acceptedRisks) drawAcceptedBrief(canvas, view.acceptedRisks);
  drawDataQualityLine(canvas, view);
  return pdf.finish(' · executive summary');
}
