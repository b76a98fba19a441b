/**
 * How values are printed, shared by every renderer so that a number or a blank reads
 * the same in the web page, the PDF and the workbook.
 */
import { formatCount } from '../text/format-count.js';

/** A count with thousands separators: `12,345`. */
export { formatCount };

/** A percent with one decimal: `15.4%`; an en dash for a value that is no number (never `NaN%`). */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent)) return '–';
  return `${(Math.round(percent * 10) / 10).toFixed(1)}%`;
}

/**
 * RiskProbability and RiskLevel are a single space and an empty string when nothing
 * was checked; shown as an en dash so that a blank cell is not mistaken for missing data.
 */
export function formatRisk(value: string): string {
  return value.trim() === '' ? '–' : value;
}

/** `passed / total` resources, as in `36 / 51`. */
export function formatResources(passed: number, total: number): string {
  return `${formatCount(passed)} / ${formatCount(total)}`;
}
