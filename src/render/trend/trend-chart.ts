import type { Trend, TrendScan } from '../../model/trend.js';

/** One line of the chart: a name, a colour and a point per scan (null where it has no percent). */
export interface ChartSeries {
  name: string;
  colour: string;
  /** Overall compliance is drawn thicker than the categories. */
  overall: boolean;
  points: ({ x: number; y: number } | null)[];
}

/** A tick of an axis: where, and its label. */
export interface ChartTick {
  at: number;
  label: string;
}

/** The chart laid out in a box of its own units: the plot area, the series and the ticks. */
export interface ChartLayout {
  plot: { left: number; top: number; right: number; bottom: number };
  series: ChartSeries[];
  xTicks: ChartTick[];
  yTicks: ChartTick[];
}

/** Colours of the category lines (Okabe–Ito and Tableau hues, distinct for colour-blind readers); overall is near black. */
export const seriesColours = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#8c6d31', '#7f7f7f', '#bcbd22', '#17becf', '#9467bd', '#f0c419', '#6a3d9a', '#b15928', '#1b9e77', '#e7298a'];
const overallColour = '#1f2933';

/** A scan as an axis names it: its date (day only), else its job, else its position. */
export function scanLabel(scan: Pick<TrendScan, 'scanDate' | 'jobId'>, position: number): string {
  if (scan.scanDate !== null && /^\d{4}-\d{2}-\d{2}/.test(scan.scanDate)) return scan.scanDate.slice(0, 10);
  if (scan.jobId !== '') return scan.jobId.length > 12 ? `${scan.jobId.slice(0, 11)}…` : scan.jobId;
  return `#${position + 1}`;
}

/**
 * Positions among `count` at a whole, even step, at most `most` of them: the first, then
 * every step, and the last in place of a step that would crowd it.
 */
function spread(count: number, most: number): number[] {
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  const step = Math.ceil((count - 1) / (most - 1));
  const positions: number[] = [];
  for (let position = 0; position < count - 1; position += step) positions.push(position);
  if (count - 1 - (positions.at(-1) ?? 0) < step / 2) positions.pop();
  positions.push(count - 1);
  return positions;
}

/**
 * Lays out the compliance percent over the scans: scans evenly spaced on x (they may
 * be ordered by job, with no dates to scale by), 0–100 % on y, one series for overall
 * compliance and one per category. HTML (SVG) and PDF draw the same layout.
 */
export function layoutChart(trend: Trend, width: number, height: number, margins = { left: 40, top: 10, right: 10, bottom: 34 }): ChartLayout {
  const plot = { left: margins.left, top: margins.top, right: width - margins.right, bottom: height - margins.bottom };
  const count = trend.scans.length;
  const xOf = (position: number): number => (count < 2 ? plot.left : plot.left + ((plot.right - plot.left) * position) / (count - 1));
  const yOf = (percent: number): number => plot.bottom - ((plot.bottom - plot.top) * Math.min(100, Math.max(0, percent))) / 100;
  const pointsOf = (percent: (scan: TrendScan) => number | null): ChartSeries['points'] =>
    trend.scans.map((scan, position) => {
      const value = percent(scan);
      return value === null ? null : { x: xOf(position), y: yOf(value) };
    });
  const series: ChartSeries[] = [
    { name: 'Overall', colour: overallColour, overall: true, points: pointsOf((scan) => (scan.hasPercent ? scan.figures.percent : null)) },
    ...trend.categories.map((category, at) => ({
      name: category.name,
      colour: seriesColours[at % seriesColours.length] as string,
      overall: false,
      points: pointsOf((scan) => scan.categoryPercents[at] ?? null),
    })),
  ];
  const labelRoom = Math.max(2, Math.floor((plot.right - plot.left) / 90) + 1);
  return {
    plot,
    series,
    xTicks: spread(count, labelRoom).map((position) => ({ at: xOf(position), label: scanLabel(trend.scans[position] as TrendScan, position) })),
    yTicks: [0, 20, 40, 60, 80, 100].map((percent) => ({ at: yOf(percent), label: `${percent}%` })),
  };
}

/** The runs of a series without a gap: a line never bridges a scan that has no percent. */
export function segments(points: ChartSeries['points']): { x: number; y: number }[][] {
  const runs: { x: number; y: number }[][] = [];
  let run: { x: number; y: number }[] = [];
  for (const point of points) {
    if (point) run.push(point);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
