import type { CategoryView, FiguresView, ReportView } from '../../model/view-model.js';
import { displayCount, displayPercent } from '../display-values.js';
import type { Canvas } from './canvas.js';
import { sizes } from './theme.js';
import { drawTable, type Column } from './table.js';

/** Columns of colour counts shared by the category and report tables. */
function countColumns<Row>(figures: (row: Row) => FiguresView): Column<Row>[] {
  const count = (header: string, pick: (figures: FiguresView) => number): Column<Row> => ({
    header,
    width: 46,
    align: 'right',
    text: (row) => displayCount(pick(figures(row))),
  });
  return [
    count('Total', (f) => f.total),
    count('Green', (f) => f.green),
    count('Red', (f) => f.red),
    count('Amber', (f) => f.amber),
    count('Gray', (f) => f.gray),
  ];
}

/** The compliance percent, with the report's own figure beside it when they differ. */
function percentText(category: CategoryView): string {
  const stated = displayPercent(category.statedPercent);
  // The service states 0.0 where nothing was assessed: that is no disagreement.
  if (category.figures.percent === null) return category.figures.percentText;
  return stated === category.figures.percentText ? stated : `${category.figures.percentText} (report: ${stated})`;
}

/** The table of a report's categories: order, name, counts by colour and compliance percent. */
export function drawCategoryTable(canvas: Canvas, report: ReportView): void {
  const fixed = 34 + 5 * 46 + 78;
  const columns: Column<CategoryView>[] = [
    { header: 'Order', width: 34, align: 'right', text: (category) => String(category.order) },
    { header: 'Category', width: canvas.page.contentWidth - fixed, text: (category) => category.name },
    ...countColumns<CategoryView>((category) => category.figures),
    { header: 'Compliance', width: 78, align: 'right', weight: 'bold', text: percentText },
  ];
  drawTable(canvas, columns, report.categories, { continued: `Categories of ${report.benchmarkName} (continued)` });
  const notAssessed = report.categories.filter((category) => category.figures.percent === null);
  if (notAssessed.length > 0) {
    canvas.y += 4;
    const names = notAssessed
      .map((category) => `${category.order}. ${category.name} (${category.figures.percentNote ?? ''})`)
      .join('; ');
    canvas.paragraph(
      `n/a: no compliance percent, since nothing was assessed: ${names}. Such a category is neither compliant nor failing.`,
      { size: sizes.small, colour: 'muted' },
      4,
    );
  }
}

/** The table of every benchmark report in the roll-up. */
export function drawReportTable(canvas: Canvas, reports: readonly ReportView[]): void {
  const fixed = 30 + 5 * 46 + 60;
  const flexible = (canvas.page.contentWidth - fixed) / 2;
  const columns: Column<ReportView>[] = [
    { header: '#', width: 30, align: 'right', text: (report) => report.anchor.slice(1) },
    { header: 'Benchmark', width: flexible, text: (report) => `${report.benchmarkName} (${report.benchmarkId})` },
    { header: 'Account', width: flexible, text: (report) => `${report.accountName} · ${report.connectorType}` },
    ...countColumns<ReportView>((report) => report.figures),
    { header: 'Compliance', width: 60, align: 'right', weight: 'bold', text: (report) => report.figures.percentText },
  ];
  drawTable(canvas, columns, reports, { continued: 'Benchmark reports (continued)' });
}
