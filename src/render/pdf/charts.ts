import type { SeverityCount } from '../../model/analysis.js';
import type { CategoryView, FiguresView } from '../../model/view-model.js';
import { displayCount, displayPercent } from '../display-values.js';
import { lineHeight, type Canvas } from './canvas.js';
import { colours, complianceColours, sizes, type ColourName } from './theme.js';

/**
 * Vector charts drawn with pdfkit paths and rectangles, so they stay sharp when printed
 * or zoomed. Every chart labels its parts with names and counts: the colours only
 * repeat what the text says.
 */

interface Slice {
  label: string;
  colour: ColourName;
  count: number;
}

function slicesOf(figures: FiguresView): Slice[] {
  const slices: Slice[] = complianceColours.map((colour) => ({
    label: colour,
    colour,
    count: figures[colour.toLowerCase() as 'green'],
  }));
  if (figures.other > 0) slices.push({ label: 'Other', colour: 'other', count: figures.other });
  return slices;
}

function point(cx: number, cy: number, radius: number, turn: number): string {
  const angle = turn * 2 * Math.PI;
  return `${(cx + radius * Math.sin(angle)).toFixed(2)} ${(cy - radius * Math.cos(angle)).toFixed(2)}`;
}

/** A donut of the policies by colour, the compliance percent in its middle. */
export function donut(canvas: Canvas, cx: number, cy: number, radius: number, figures: FiguresView): void {
  const doc = canvas.vector();
  const thickness = radius * 0.36;
  doc.save().lineWidth(thickness).lineCap('butt');
  let turn = 0;
  const slices = slicesOf(figures).filter((slice) => slice.count > 0);
  if (slices.length === 0) doc.circle(cx, cy, radius).stroke(colours.rule);
  for (const slice of slices) {
    const share = slice.count / figures.total;
    if (share >= 1) doc.circle(cx, cy, radius).stroke(colours[slice.colour]);
    else {
      const large = share > 0.5 ? 1 : 0;
      doc
        .path(
          `M ${point(cx, cy, radius, turn)} A ${radius} ${radius} 0 ${large} 1 ${point(cx, cy, radius, turn + share)}`,
        )
        .stroke(colours[slice.colour]);
    }
    turn += share;
  }
  doc.restore();
  canvas.text(figures.percentText, cx - radius, cy - 11, { size: 13, weight: 'bold' }, radius * 2, 'center');
  canvas.text(
    figures.percent === null ? 'not assessed' : 'compliant',
    cx - radius,
    cy + 5,
    { size: sizes.small, colour: 'muted' },
    radius * 2,
    'center',
  );
}

/** The legend of a donut: colour, name, count and share of all policies. */
export function colourLegend(canvas: Canvas, x: number, top: number, width: number, figures: FiguresView): number {
  const line = lineHeight(sizes.body) + 3;
  slicesOf(figures).forEach((slice, index) => {
    const y = top + index * line;
    canvas.rect(x, y + 2.5, 8, 8, slice.colour);
    canvas.text(slice.label, x + 13, y, { size: sizes.body }, width * 0.4);
    canvas.text(displayCount(slice.count), x, y, { size: sizes.body, weight: 'bold' }, width * 0.7, 'right');
    const share = figures.total > 0 ? displayPercent((slice.count / figures.total) * 100) : '–';
    canvas.text(share, x, y, { size: sizes.body, colour: 'muted' }, width, 'right');
  });
  return slicesOf(figures).length * line;
}

/** Horizontal bars of Red policies by severity, each with its count; returns the height used. */
export function severityBars(
  canvas: Canvas,
  x: number,
  top: number,
  width: number,
  counts: readonly SeverityCount[],
): number {
  const labelWidth = 58;
  const countWidth = 40;
  const barRoom = width - labelWidth - countWidth;
  // reduce, not Math.max(...counts): a report may hold any number of Severity values.
  const max = counts.reduce((highest, entry) => Math.max(highest, entry.count), 1);
  const line = 15;
  counts.forEach((entry, index) => {
    const y = top + index * line;
    canvas.text(entry.severity, x, y + 1, { size: sizes.body }, labelWidth - 4);
    canvas.rect(x + labelWidth, y + 2, barRoom, 9, 'zebra');
    if (entry.count > 0) canvas.rect(x + labelWidth, y + 2, Math.max(1.5, (barRoom * entry.count) / max), 9, 'Red');
    canvas.text(
      displayCount(entry.count),
      x + labelWidth + barRoom,
      y + 1,
      { size: sizes.body, weight: 'bold' },
      countWidth,
      'right',
    );
  });
  return counts.length * line;
}

/** One bar of a stacked-bar chart: what it stands for and its policies' figures. */
export interface BarItem {
  label: string;
  figures: FiguresView;
}

/**
 * One stacked bar per category (Green, Red, Amber, Gray in proportion to its policies),
 * with the category's name and compliance percent; flows over pages when long.
 */
export function categoryBars(canvas: Canvas, categories: readonly CategoryView[]): void {
  stackedBars(
    canvas,
    categories.map((category) => ({ label: `${category.order}. ${category.name}`, figures: category.figures })),
  );
}

/**
 * One stacked bar per item, its label cut on the right with an ellipsis when long (the
 * start of a label tells items apart), and its compliance percent and policy count;
 * `labelShare` is the part of the width the labels take.
 */
export function stackedBars(canvas: Canvas, items: readonly BarItem[], labelShare = 0.34): void {
  const { left, contentWidth } = canvas.page;
  const labelWidth = contentWidth * labelShare;
  const valueWidth = 78;
  const barRoom = contentWidth - labelWidth - valueWidth - 8;
  const line = 14;
  let x = left;
  for (const slice of complianceColours) {
    canvas.rect(x, canvas.y + 2.5, 7, 7, slice);
    canvas.text(slice, x + 10, canvas.y, { size: sizes.small });
    x += 10 + canvas.type.width(canvas.type.tokens(slice), sizes.small) + 14;
  }
  canvas.text('Compliance · policies', left, canvas.y, { size: sizes.small, colour: 'muted' }, contentWidth, 'right');
  canvas.y += lineHeight(sizes.small) + 3;
  for (const item of items) {
    canvas.ensure(line);
    canvas.text(item.label, left, canvas.y + 1, { size: sizes.small }, labelWidth - 6);
    let barX = left + labelWidth;
    const total = item.figures.total;
    if (total === 0) canvas.rect(barX, canvas.y + 2, barRoom, 9, 'rule');
    for (const slice of slicesOf(item.figures)) {
      if (total === 0 || slice.count === 0) continue;
      const width = (barRoom * slice.count) / total;
      canvas.rect(barX, canvas.y + 2, width, 9, slice.colour);
      barX += width;
    }
    const value = `${item.figures.percentText} · ${displayCount(total)}`;
    canvas.text(value, left + contentWidth - valueWidth, canvas.y + 1, { size: sizes.small }, valueWidth, 'right');
    canvas.y += line;
  }
}
