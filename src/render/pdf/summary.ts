import type { SeverityCount } from '../../model/analysis.js';
import type { FiguresView, ReportView, ViewModel } from '../../model/view-model.js';
import { displayCount } from '../display-values.js';
import { coverageText, keyFigures, lowCoverageWarning } from '../key-figures.js';
import { reportLabel } from '../executive-plan.js';
import { rankWorstCategories, type RankedCategory } from '../worst-ranks.js';
import { acceptedCount } from '../accepted-marks.js';
import { drawAcceptedFigure } from './accepted-risks.js';
import { heading, tiles } from './blocks.js';
import { lineHeight, type Canvas } from './canvas.js';
import { categoryBars, colourLegend, donut, severityBars, stackedBars } from './charts.js';
import { complianceFill, sizes } from './theme.js';

/**
 * The key figures as tiles, in two rows (the headline figures, then the colour counts),
 * then the coverage in words and its warning when low: the same list the web page's
 * cards and the workbook's Summary lines are drawn from (see keyFigures).
 */
export function figureTiles(canvas: Canvas, figures: FiguresView): void {
  const list = keyFigures(figures);
  for (const group of ['headline', 'colours'] as const) {
    tiles(
      canvas,
      list
        .filter((figure) => figure.group === group)
        .map((figure) => ({
          label: figure.label,
          value: figure.text,
          ...(figure.note ? { note: figure.note } : {}),
          ...(figure.colour ? { chip: complianceFill(figure.colour) } : {}),
        })),
    );
  }
  canvas.paragraph(coverageText(figures), { size: sizes.body, colour: 'muted' }, 4);
  const warning = lowCoverageWarning(figures);
  if (warning) canvas.paragraph(warning, { size: sizes.body, weight: 'bold' }, 4);
  canvas.y += 6;
}

/** What the roll-up counts, when one account's benchmark reports share policies (see rollUpReports). */
export function countingNote(canvas: Canvas, view: ViewModel): void {
  if (view.rollup.countingNote) canvas.paragraph(view.rollup.countingNote, { size: sizes.body }, 10);
}

/** The donut of colours beside the bars of Red policies by severity. */
export function chartRow(canvas: Canvas, figures: FiguresView, redBySeverity: readonly SeverityCount[]): void {
  const { left, contentWidth } = canvas.page;
  const half = (contentWidth - 24) / 2;
  canvas.ensure(150);
  const top = canvas.y;
  canvas.text('Policies by compliance colour', left, top, { size: sizes.h3, weight: 'bold' }, half);
  canvas.text('Red policies by severity', left + half + 24, top, { size: sizes.h3, weight: 'bold' }, half);
  const chartTop = top + lineHeight(sizes.h3) + 8;
  const radius = 44;
  donut(canvas, left + radius + 6, chartTop + radius + 4, radius, figures);
  const legendX = left + 2 * radius + 28;
  const legend = colourLegend(canvas, legendX, chartTop + 10, Math.min(half - (legendX - left), 180), figures);
  const bars = severityBars(canvas, left + half + 24, chartTop + 4, half, redBySeverity);
  canvas.y = chartTop + Math.max(2 * radius + 14, legend + 10, bars + 8) + 6;
}

/**
 * The executive summary of one benchmark report: its identity, headline figures,
 * charts, the worst categories and a stacked bar of every category.
 */
export function drawReportSummary(canvas: Canvas, report: ReportView, measure: string): void {
  heading(canvas, report.benchmarkName, 1);
  const ids = [
    report.accountName,
    report.connectorType,
    `benchmark ${report.benchmarkId}`,
    `account ${report.accountId}`,
  ];
  if (report.subscriptionId) ids.push(`subscription ${report.subscriptionId}`);
  if (report.awsAccountId) ids.push(`AWS account ${report.awsAccountId}`);
  ids.push(`job ${report.jobId}`);
  if (report.lastScanned) ids.push(`Last scanned ${report.lastScanned.text}`);
  canvas.paragraph(ids.join(' · '), { size: sizes.small + 0.5, colour: 'muted' }, 10);
  figureTiles(canvas, report.figures);
  if (report.accepted) drawAcceptedFigure(canvas, report.figures, acceptedCount(report));
  chartRow(canvas, report.figures, report.redBySeverity);
  heading(canvas, 'Worst categories', 3, 30);
  canvas.paragraph(`Ranked by ${measure}.`, { size: sizes.small, colour: 'muted' }, 3);
  if (report.worstCategories.length === 0)
    canvas.paragraph('No assessed category has Red or Amber policies.', { size: sizes.body }, 6);
  for (const ranked of rankWorstCategories(report.worstCategories))
    canvas.paragraph(worstLine(ranked), { size: sizes.body }, 1);
  canvas.y += 6;
  heading(canvas, 'Compliance by category', 3, 30);
  categoryBars(canvas, report.categories);
  canvas.y += 10;
}

/**
 * A worst category with its rank and measure: `1. Azure - Security Center — Red 115, weighted 339; …` (see
 * worstFiguresText).
 */
export function worstLine({ rank, category, figuresText }: RankedCategory): string {
  return `${rank}. ${category.name} — ${figuresText}`;
}

/** The roll-up across several benchmark reports: totals and charts over all of them. */
export function drawRollupSummary(canvas: Canvas, view: ViewModel): void {
  heading(canvas, `Roll-up across ${displayCount(view.rollup.reports)} benchmark reports`, 1);
  canvas.paragraph(
    `${displayCount(view.rollup.policies)} policies in ${displayCount(view.rollup.reports)} benchmark reports, counted together. Each report has its own section after this one.`,
    { size: sizes.body, colour: 'muted' },
    10,
  );
  figureTiles(canvas, view.rollup.figures);
  if (view.acceptedRisks) drawAcceptedFigure(canvas, view.rollup.figures, view.acceptedRisks.counts.acceptedPolicies);
  countingNote(canvas, view);
  chartRow(canvas, view.rollup.figures, view.rollup.redBySeverity);
  // As in the web page's overview; each bar is named by its BenchmarkId, so same-named reports are told apart.
  heading(canvas, 'Worst reports', 3, 60);
  if (view.rollup.worstReports.length === 0) {
    canvas.paragraph('No report has a Red or Amber policy.', { size: sizes.small, colour: 'muted' }, 10);
    return;
  }
  canvas.paragraph(`Ranked by ${view.ranking.worstReports}.`, { size: sizes.small, colour: 'muted' }, 6);
  stackedBars(
    canvas,
    view.rollup.worstReports.map((report) => ({ label: reportLabel(report), figures: report.figures })),
    0.5,
  );
  canvas.y += 10;
}
