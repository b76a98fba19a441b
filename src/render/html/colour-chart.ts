import type { FiguresView } from '../../model/view-model.js';
import { displayCount } from '../display-values.js';

/**
 * Geometry of the stacked-bar charts (colours per category, per report), computed
 * here so the template only draws. Each bar splits 100 % of its policies by colour;
 * a segment wide enough carries its count as text, so colour is never the only cue.
 */

/** One item to draw as a bar. */
export interface ChartItem {
  label: string;
  /** Fragment to link the bar to (a table row or a report section). */
  anchor: string;
  figures: FiguresView;
}

/** One coloured part of a bar. */
export interface ChartSegment {
  colour: string;
  key: string;
  countText: string;
  x: string;
  width: string;
  textX: string;
  showCount: boolean;
}

/** One bar with its label. */
export interface ChartBar {
  label: string;
  fullLabel: string;
  anchor: string;
  y: number;
  textY: number;
  percentText: string;
  segments: ChartSegment[];
}

/** One entry of the legend. */
export interface LegendEntry {
  colour: string;
  key: string;
}

/** The table that lists every item of a chart, for the note when bars are left out. */
export interface ChartTable {
  name: string;
  anchor: string;
}

/** A whole chart: its size, bars, legend and what it leaves out. */
export interface ChartPlan {
  width: number;
  height: number;
  labelWidth: number;
  barX: number;
  barWidth: number;
  percentX: number;
  bars: ChartBar[];
  /** The colours in the order of the bars' segments and of the colour cards. */
  legend: LegendEntry[];
  shown: number;
  total: number;
  table: ChartTable;
}

const layout = {
  width: 760,
  labelWidth: 250,
  barX: 262,
  barWidth: 420,
  percentX: 752,
  rowHeight: 24,
  barHeight: 16,
  top: 4,
} as const;
/**
 * Label budget in ems of the chart's 12 px text, a little under the label column so
 * that a label anchored at its right end never runs out of the chart on the left.
 */
const labelEms = (layout.labelWidth - 8) / 12;
/** Narrowest segment that still fits a three-digit count. */
const minCountWidth = 26;

/** In the order of the colour cards (and of the PDF's charts), so the legend reads like them. */
const parts = [
  ['Green', 'green'],
  ['Red', 'red'],
  ['Amber', 'amber'],
  ['Gray', 'gray'],
  ['Other', 'other'],
] as const;

/**
 * A generous estimate of a character's width in ems in a sans-serif font: wider than
 * most fonts draw it, since the page's font is the reader's system font, unknown here.
 */
function charEms(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x2e80) return 1;
  if (/[ iljtfrI.,:;'!|()[\]]/.test(char)) return 0.36;
  if (/[mwMW—…@%]/.test(char)) return 1;
  if (/[A-Z0-9]/.test(char)) return 0.74;
  return 0.62;
}

/**
 * SVG text cannot wrap: a long label is cut on the right with an ellipsis (its start
 * tells bars apart), the full one stays in the bar's tooltip.
 */
function shorten(label: string): string {
  const chars = Array.from(label.replace(/\s+/g, ' ').trim());
  if (chars.reduce((sum, char) => sum + charEms(char), 0) <= labelEms) return chars.join('');
  let used = charEms('…');
  const kept: string[] = [];
  for (const char of chars) {
    used += charEms(char);
    if (used > labelEms) break;
    kept.push(char);
  }
  return `${kept.join('').trimEnd()}…`;
}

function segmentsOf(figures: FiguresView): ChartSegment[] {
  const segments: ChartSegment[] = [];
  let x: number = layout.barX;
  for (const [colour, key] of parts) {
    const count = figures[key];
    if (count === 0 || figures.total === 0) continue;
    const width = (count / figures.total) * layout.barWidth;
    segments.push({
      colour,
      key,
      countText: displayCount(count),
      x: x.toFixed(1),
      width: width.toFixed(1),
      textX: (x + width / 2).toFixed(1),
      showCount: width >= minCountWidth,
    });
    x += width;
  }
  return segments;
}

/** Lays out up to `limit` items, in their order, as horizontal stacked bars; `table` lists them all. */
export function layoutChart(items: readonly ChartItem[], limit: number, table: ChartTable): ChartPlan {
  const shown = items.slice(0, limit);
  const bars = shown.map((item, index): ChartBar => {
    const y = layout.top + index * layout.rowHeight;
    return {
      label: shorten(item.label),
      fullLabel: item.label,
      anchor: item.anchor,
      y,
      textY: y + layout.barHeight / 2 + 4,
      percentText: item.figures.percentText,
      segments: segmentsOf(item.figures),
    };
  });
  return {
    width: layout.width,
    height: layout.top * 2 + shown.length * layout.rowHeight,
    labelWidth: layout.labelWidth,
    barX: layout.barX,
    barWidth: layout.barWidth,
    percentX: layout.percentX,
    bars,
    legend: parts
      .filter(([, key]) => key !== 'other' || shown.some((item) => item.figures.other > 0))
      .map(([colour, key]) => ({ colour, key })),
    shown: shown.length,
    total: items.length,
    table,
  };
}
