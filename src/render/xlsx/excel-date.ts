import type { DateView } from '../../model/view-model.js';
import type { CellValue } from './row-xml.js';
import { dateNoZoneStyle, dateStyle, type CellStyle } from './xlsx-styles.js';

const msPerDay = 86_400_000;
// Day 0 of the 1900 date system as spreadsheets count it (1899-12-30, after Excel's 1900 leap-year quirk).
const excelEpoch = Date.UTC(1899, 11, 30);

/** A date as a spreadsheet date serial (days since 1899-12-30), to the second. */
export function excelSerial(date: Date): number {
  return Math.round((date.getTime() - excelEpoch) / 1000) / (msPerDay / 1000);
}

/** A stated date as a cell: a real date (a serial with a date format), or its text when it is no date. */
export function dateCell(date: DateView | null): CellValue {
  if (!date) return null;
  return date.date ? excelSerial(date.date) : date.text;
}

/** The style of a date cell: in UTC, or without a zone when the report states none. */
export function dateCellStyle(date: DateView | null): CellStyle | undefined {
  if (!date?.date) return undefined;
  return date.text.endsWith(' UTC') ? dateStyle : dateNoZoneStyle;
}
