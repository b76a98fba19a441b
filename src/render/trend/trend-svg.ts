import type { Trend } from '../../model/trend.js';
import { drawingOrder, layoutChart, segments } from './trend-chart.js';
import { escapeHtml } from '../html/escape-html.js';

const n = (value: number): string => String(Math.round(value * 10) / 10);

/** Size of the tick labels in the chart's units; the style sheet sets the same (`.chart text`). */
const tickFontSize = 11;

/**
 * The compliance chart as inline SVG: grid and axis labels (dates of the scans, percent),
 * one `<path>` per series (overall thicker, on top) with a `<title>` naming it, and no
 * script or external reference, so the page stays self-contained. The legend is HTML
 * beside it, where long category names can wrap. Tick labels are spaced by the width
 * they need (see layoutChart), so they never overlap at any zoom: the whole drawing scales.
 *
 * Drawn in code, not in a template: it is geometry (a path of every scan per series,
 * hundreds of points rounded to a tenth), which a template could only place as text
 * made here anyway, and the PDF draws the same layout. Its few words (tick labels,
 * category names) go through the templates' own escaping (html/escape-html.ts).
 */
export function trendSvg(trend: Trend, width = 900, height = 340): string {
  const chart = layoutChart(trend, width, height, { left: 44, top: 12, right: 16, bottom: 40 }, tickFontSize);
  const { plot } = chart;
  const grid = chart.yTicks
    .map(
      (tick) =>
        `<line x1="${n(plot.left)}" y1="${n(tick.at)}" x2="${n(plot.right)}" y2="${n(tick.at)}" class="grid"/><text x="${n(plot.left - 6)}" y="${n(tick.at + 4)}" text-anchor="end">${escapeHtml(tick.label)}</text>`,
    )
    .join('');
  const xLabels = chart.xTicks
    .map(
      (tick) =>
        `<line x1="${n(tick.at)}" y1="${n(plot.bottom)}" x2="${n(tick.at)}" y2="${n(plot.bottom + 4)}" class="axis"/><text x="${n(tick.at)}" y="${n(plot.bottom + 17)}" text-anchor="${tick.anchor}" class="x-tick">${escapeHtml(tick.label)}</text>`,
    )
    .join('');
  const lines = drawingOrder(chart.series)
    .map((series) => {
      const runs = segments(series.points);
      const d = runs
        .map((run) => run.map((point, index) => `${index === 0 ? 'M' : 'L'}${n(point.x)} ${n(point.y)}`).join(' '))
        .join(' ');
      // A run of one scan is a dot, not an invisible zero-length line.
      const dots = runs
        .filter((run) => run.length === 1)
        .map(([point]) => `<circle cx="${n(point?.x ?? 0)}" cy="${n(point?.y ?? 0)}" r="2.5" fill="${series.colour}"/>`)
        .join('');
      const kind = series.overall ? ' overall' : series.other ? ' other' : '';
      const stroke = series.overall ? 3 : series.other ? 1 : 2;
      return `<g class="series${kind}" data-series="${escapeHtml(series.name)}"><title>${escapeHtml(series.name)}</title><path d="${d}" stroke="${series.colour}" stroke-width="${stroke}" fill="none" stroke-linejoin="round" stroke-linecap="round"/>${dots}</g>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-labelledby="chart-title" class="chart">` +
    `<title id="chart-title">Compliance percent per scan, overall and per category</title>` +
    `${grid}<line x1="${n(plot.left)}" y1="${n(plot.bottom)}" x2="${n(plot.right)}" y2="${n(plot.bottom)}" class="axis"/>${xLabels}` +
    `<text x="${n((plot.left + plot.right) / 2)}" y="${n(height - 4)}" text-anchor="middle" class="axis-title">Scan (${trend.order === 'scan-date' ? 'LastScannedDate' : trend.order === 'job-id' ? 'JobId order' : 'input order'})</text>` +
    `${lines}</svg>`
  );
}
