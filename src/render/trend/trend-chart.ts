import type { Trend, TrendScan } from '../../model/trend.js';

/** One line of the chart: a name, a colour and a point per scan (null where it has no percent). */
export interface ChartSeries {
  name: string;
  colour: string;
  /** Overall compliance is drawn thicker than the categories. */
  overall: boolean;
  /**
   * One of the categories beyond the worst few: drawn thin and gray, behind the others, named only in the legend's
   * list.
   */
  other: boolean;
  points: ({ x: number; y: number } | null)[];
}

/** A tick of an axis: where, its label, and which end of the label sits at the tick. */
export interface ChartTick {
  at: number;
  label: string;
  anchor: 'start' | 'middle' | 'end';
}

/** The chart laid out in a box of its own units: the plot area, the series and the ticks. */
export interface ChartLayout {
  plot: { left: number; top: number; right: number; bottom: number };
  series: ChartSeries[];
  xTicks: ChartTick[];
  yTicks: ChartTick[];
}

/**
 * Categories drawn in a colour of their own: the worst few. Fourteen lines in fourteen
 * colours read as one tangle whose hues nobody can tell apart; the rest are drawn thin
 * and gray, as context.
 */
export const highlightedCategories = 5;

/**
 * Colours of the highlighted categories: Okabe–Ito hues, far apart for colour-blind readers too. Overall is near
 * black.
 */
export const seriesColours = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#d55e00'];
const overallColour = '#1f2933';
/** The categories beyond the worst few. */
export const otherColour = '#c3cbd4';

/** Width of a tick label as a share of the font size per character: digits and dashes of a sans-serif, rounded up. */
const characterWidth = 0.62;
/** Space kept clear between two tick labels, in font sizes. */
const labelGap = 1;

/** A scan as an axis names it: its date (day only), else its job, else its position. */
export function scanLabel(scan: Pick<TrendScan, 'scanDate' | 'jobId'>, position: number): string {
  if (scan.scanDate !== null && /^\d{4}-\d{2}-\d{2}/.test(scan.scanDate)) return scan.scanDate.slice(0, 10);
  if (scan.jobId !== '') return scan.jobId.length > 12 ? `${scan.jobId.slice(0, 11)}…` : scan.jobId;
  return `#${position + 1}`;
}

/** The left and right ends of a label anchored at `at`. */
function extent(at: number, width: number, anchor: ChartTick['anchor']): [number, number] {
  if (anchor === 'start') return [at, at + width];
  if (anchor === 'end') return [at - width, at];
  return [at - width / 2, at + width / 2];
}

/**
 * The scans that get a tick label, as many as fit without two labels touching: the first
 * (anchored at its start) and the last (at its end) always, between them every `step`-th
 * scan for the smallest step whose labels keep a gap, and no label so close to the last
 * that the two would collide (a fixed count of labels put "2024-01-11" on "2024-01-12").
 */
function xTicks(labels: readonly string[], xOf: (position: number) => number, fontSize: number): ChartTick[] {
  const count = labels.length;
  const tick = (position: number, anchor: ChartTick['anchor']): ChartTick => ({
    at: xOf(position),
    label: labels[position] as string,
    anchor,
  });
  if (count === 1) return [tick(0, 'start')];
  const widthOf = (tickAt: ChartTick): number => tickAt.label.length * characterWidth * fontSize;
  const clear = (a: ChartTick, b: ChartTick): boolean =>
    extent(a.at, widthOf(a), a.anchor)[1] + labelGap * fontSize <= extent(b.at, widthOf(b), b.anchor)[0];
  for (let step = 1; step < count; step += 1) {
    const ticks = [tick(0, 'start')];
    for (let position = step; position < count - 1; position += step) ticks.push(tick(position, 'middle'));
    const last = tick(count - 1, 'end');
    while (ticks.length > 1 && !clear(ticks.at(-1) as ChartTick, last)) ticks.pop();
    ticks.push(last);
    if (ticks.every((current, index) => index === 0 || clear(ticks[index - 1] as ChartTick, current))) return ticks;
  }
  // Not even the first and last fit beside each other: the last alone says where the series ends.
  return [tick(count - 1, 'end')];
}

/** The last percent a category has, for ranking; null when no scan assessed it. */
function lastPercent(trend: Trend, at: number): number | null {
  for (let position = trend.scans.length - 1; position >= 0; position -= 1) {
    const percent = trend.scans[position]?.categoryPercents[at];
    if (percent !== null && percent !== undefined) return percent;
  }
  return null;
}

/**
 * The categories drawn in colour: the {@link highlightedCategories} with the lowest
 * compliance in their latest assessed scan (ties in the categories' order); a category
 * no scan assessed has nothing to draw.
 */
export function worstCategories(trend: Trend): number[] {
  return trend.categories
    .map((_, at) => ({ at, percent: lastPercent(trend, at) }))
    .filter((entry): entry is { at: number; percent: number } => entry.percent !== null)
    .sort((a, b) => a.percent - b.percent || a.at - b.at)
    .slice(0, highlightedCategories)
    .map((entry) => entry.at);
}

/**
 * Lays out the compliance percent over the scans: scans evenly spaced on x (they may
 * be ordered by job, with no dates to scale by), 0–100 % on y, one series for overall
 * compliance, one in its own colour for each of the worst categories and a thin gray one
 * for each other category. HTML (SVG) and PDF draw the same layout; `fontSize` is the
 * size of the tick labels in the chart's units, which decides how many fit.
 */
export function layoutChart(
  trend: Trend,
  width: number,
  height: number,
  margins = { left: 40, top: 10, right: 10, bottom: 34 },
  fontSize = 11,
): ChartLayout {
  const plot = { left: margins.left, top: margins.top, right: width - margins.right, bottom: height - margins.bottom };
  const count = trend.scans.length;
  const xOf = (position: number): number =>
    count < 2 ? plot.left : plot.left + ((plot.right - plot.left) * position) / (count - 1);
  const yOf = (percent: number): number =>
    plot.bottom - ((plot.bottom - plot.top) * Math.min(100, Math.max(0, percent))) / 100;
  const pointsOf = (percent: (scan: TrendScan) => number | null): ChartSeries['points'] =>
    trend.scans.map((scan, position) => {
      const value = percent(scan);
      return value === null ? null : { x: xOf(position), y: yOf(value) };
    });
  const category = (at: number, colour: string, other: boolean): ChartSeries => ({
    name: trend.categories[at]?.name ?? '',
    colour,
    overall: false,
    other,
    points: pointsOf((scan) => scan.categoryPercents[at] ?? null),
  });
  const worst = worstCategories(trend);
  const series: ChartSeries[] = [
    {
      name: 'Overall',
      colour: overallColour,
      overall: true,
      other: false,
      points: pointsOf((scan) => (scan.hasPercent ? scan.figures.percent : null)),
    },
    ...worst.map((at, rank) => category(at, seriesColours[rank] as string, false)),
    ...trend.categories
      .map((_, at) => at)
      .filter((at) => !worst.includes(at))
      .map((at) => category(at, otherColour, true)),
  ];
  return {
    plot,
    series,
    xTicks: xTicks(
      trend.scans.map((scan, position) => scanLabel(scan, position)),
      xOf,
      fontSize,
    ),
    yTicks: [0, 20, 40, 60, 80, 100].map((percent) => ({
      at: yOf(percent),
      label: `${percent}%`,
      anchor: 'end' as const,
    })),
  };
}

/** Series in drawing order: the gray others at the back, then the worst categories, overall on top. */
export function drawingOrder(series: readonly ChartSeries[]): ChartSeries[] {
  return [
    ...series.filter((line) => line.other),
    ...series.filter((line) => !line.other && !line.overall),
    ...series.filter((line) => line.overall),
  ];
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
