import type { Trend } from '../../model/trend.js';
import type { Canvas } from '../pdf/canvas.js';
import { sizes } from '../pdf/theme.js';
import { num } from '../pdf/typesetter.js';
import { drawingOrder, layoutChart, segments } from './trend-chart.js';

/** A `#rrggbb` colour as operands of the content stream. */
function operands(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((part) => num(part / 255)).join(' ');
}

const legendRow = 12;

const tickAlign = { start: 'left', middle: 'center', end: 'right' } as const;

/**
 * Draws the compliance chart at the current position as vector paths (the layout the
 * HTML chart uses), then its legend in columns; advances the canvas below both.
 */
export function drawTrendChart(canvas: Canvas, trend: Trend, height = 250): void {
  const { left, contentWidth } = canvas.page;
  const columns = 3;
  const legendHeight = Math.ceil((trend.categories.length + 1) / columns) * legendRow + 6;
  canvas.ensure(height + legendHeight);
  const top = canvas.y;
  const chart = layoutChart(trend, contentWidth, height, { left: 34, top: 6, right: 8, bottom: 30 }, sizes.small);
  const at = (x: number, y: number): string => `${num(left + x)} ${num(top + y)}`;
  const { plot } = chart;
  for (const tick of chart.yTicks) {
    canvas.raw(`${operands('#e4e9f0')} RG 0.5 w ${at(plot.left, tick.at)} m ${at(plot.right, tick.at)} l S\n`);
    canvas.text(
      tick.label,
      left,
      top + tick.at - sizes.small * 0.6,
      { size: sizes.small, colour: 'muted' },
      plot.left - 5,
      'right',
    );
  }
  canvas.raw(`${operands('#9aa5b1')} RG 0.75 w ${at(plot.left, plot.bottom)} m ${at(plot.right, plot.bottom)} l S\n`);
  chart.xTicks.forEach((tick) => {
    canvas.raw(`${operands('#9aa5b1')} RG 0.75 w ${at(tick.at, plot.bottom)} m ${at(tick.at, plot.bottom + 3)} l S\n`);
    const width = 70;
    const align = tickAlign[tick.anchor];
    const x = align === 'left' ? tick.at : align === 'right' ? tick.at - width : tick.at - width / 2;
    canvas.text(tick.label, left + x, top + plot.bottom + 5, { size: sizes.small, colour: 'muted' }, width, align);
  });
  const order =
    trend.order === 'scan-date' ? 'LastScannedDate' : trend.order === 'job-id' ? 'JobId order' : 'input order';
  canvas.text(
    `Scan (${order})`,
    left + plot.left,
    top + plot.bottom + 17,
    { size: sizes.small, colour: 'muted' },
    plot.right - plot.left,
    'center',
  );
  for (const series of drawingOrder(chart.series)) {
    const colour = operands(series.colour);
    for (const run of segments(series.points)) {
      if (run.length === 1) {
        const [point] = run;
        if (point) canvas.raw(`${colour} rg ${at(point.x - 1.5, point.y - 1.5)} 3 3 re f\n`);
        continue;
      }
      const path = run.map((point, index) => `${at(point.x, point.y)} ${index === 0 ? 'm' : 'l'}`).join(' ');
      canvas.raw(`${colour} RG ${series.overall ? 2.2 : series.other ? 0.6 : 1.2} w 1 J 1 j ${path} S\n`);
    }
  }
  canvas.y = top + height + 4;
  const columnWidth = contentWidth / columns;
  chart.series.forEach((series, index) => {
    const x = left + (index % columns) * columnWidth;
    const y = canvas.y + Math.floor(index / columns) * legendRow;
    canvas.raw(`${operands(series.colour)} rg ${num(x)} ${num(y + 3.5)} 14 ${series.overall ? 3 : 2} re f\n`);
    canvas.text(
      series.name,
      x + 18,
      y,
      { size: sizes.small, weight: series.overall ? 'bold' : 'regular' },
      columnWidth - 22,
    );
  });
  canvas.y += legendHeight;
}
