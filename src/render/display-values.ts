/**
 * How values are printed, shared by every renderer so that a number or a blank reads
 * the same in the web page, the PDF and the workbook.
 */
import { displayCount } from '../text/display-count.js';
import { oneDecimal } from '../text/one-decimal.js';

/** A count with thousands separators: `12,345`. */
export { displayCount };

/** A percent with one decimal: `15.4%`; an en dash for a value that is no number (never `NaN%`). */
export function displayPercent(percent: number): string {
  if (!Number.isFinite(percent)) return '–';
  return `${oneDecimal(percent)}%`;
}

/**
 * RiskProbability and RiskLevel are a single space and an empty string when nothing
 * was checked; shown as an en dash so that a blank cell is not mistaken for missing data.
 */
export function displayRisk(value: string): string {
  return value.trim() === '' ? '–' : value;
}

/** `passed / total` resources, as in `36 / 51`. */
export function displayResources(passed: number, total: number): string {
  return `${displayCount(passed)} / ${displayCount(total)}`;
}

/** A percent that may be undefined (nothing assessed): `15.4%` or `n/a`. */
export function displayPercentOrNa(percent: number | null): string {
  return percent === null ? 'n/a' : displayPercent(percent);
}

const two = (value: number): string => String(value).padStart(2, '0');

/** An instant as a person reads it, to the minute, in UTC: `2019-12-31 09:55 UTC`. */
export function displayInstant(date: Date): string {
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}

/** An ISO 8601 time (the view model's `generatedAt`) as a person reads it; null stays null. */
export function displayIsoTime(iso: string | null): string | null {
  return iso === null ? null : displayInstant(new Date(iso));
}
