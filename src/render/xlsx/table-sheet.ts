import type { Worksheet } from 'exceljs';
import { cellText } from './cell-text.js';
import { columnLetter } from './column-letter.js';
import { ColumnWidths, type WidthBounds } from './column-widths.js';
import { addPercentScales } from './percent-scales.js';
import { printSetup } from './print-setup.js';
import type { PinnedWorkbookWriter } from './pinned-workbook-writer.js';
import { rowXml, type CellValue } from './row-xml.js';
import { lineHeight, wrappedLines } from './wrapped-lines.js';
import {
  countStyle,
  dateStyle,
  headerStyle,
  labelStyle,
  numberHeaderStyle,
  percentStyle,
  totalStyles,
  wrapped,
  type CellStyle,
} from './xlsx-styles.js';

export type { CellValue } from './row-xml.js';

/**
 * How a column's values are shown: text, a count (`12,345`), a percent stored as a fraction, or a date (see
 * excelDate).
 */
export type ColumnKind = 'text' | 'count' | 'percent' | 'date';

/** One column of a table sheet. */
export interface TableColumn<T> {
  header: string;
  kind: ColumnKind;
  width: WidthBounds;
  value(item: T): CellValue;
  /** An external address the item's cell links to (its text stays the value), if any. */
  link?(item: T): string | null;
  /** A style for this item's cell (a colour fill, say); the kind's style otherwise. */
  style?(item: T): CellStyle | undefined;
  headerStyle?: CellStyle;
}

/** A line above the table: a title, or a label and its value. */
export interface PreambleLine {
  label: string;
  value?: CellValue;
  labelStyle?: CellStyle;
  valueStyle?: CellStyle;
}

/** A sheet holding one table: a header row, then a row per item. */
export interface TableSheet<T> {
  name: string;
  columns: readonly TableColumn<T>[];
  /** The items, in order; called twice (to fit the widths, then to write). */
  rows(): Iterable<T>;
  /** Lines above the table; the header row follows them and a blank line. */
  preamble?: readonly PreambleLine[];
  /** Rows after the table and outside its filter, styled as totals (the roll-up). */
  footer?: readonly T[];
  tabColour?: string;
  /**
   * Leading columns that name a row (the benchmark, the category), repeated at the left of every printed page. Default
   * 1.
   */
  keyColumns?: number;
  /** Keep the header row in view while scrolling; off where the lines above it would fill the window. Default on. */
  freezeHeader?: boolean;
  /**
   * Wrap every cell's text within its column, top-aligned, so that a long value shows whole on screen and on paper
   * rather than cut off by the next cell.
   */
  wrap?: boolean;
  /**
   * How many leading columns print (default all): the columns after them stay in the sheet
   * but off the printed page, for reference fields (ids, file names) a reader of the page
   * does not need and that would spread it over more pages.
   */
  printedColumns?: number;
}

/** Lets the consumer of the workbook keep up; called after each batch of rows. */
export type Pace = () => Promise<void>;

const rowsPerBatch = 1024;

/** `pace` that also tells `onRows` the rows written so far: it is called once per batch of rows, across sheets. */
export function countedPace(pace: Pace, onRows: (rows: number) => void): Pace {
  let batches = 0;
  return () => {
    batches += 1;
    onRows(batches * rowsPerBatch);
    return pace();
  };
}
const kindStyle: Record<ColumnKind, CellStyle | undefined> = {
  text: undefined,
  count: countStyle,
  percent: percentStyle,
  date: dateStyle,
};
const kindHeaderStyle: Record<ColumnKind, CellStyle> = {
  text: headerStyle,
  count: numberHeaderStyle,
  percent: numberHeaderStyle,
  date: numberHeaderStyle,
};

/**
 * Writes a table sheet and commits it: fitted column widths, a styled header row that
 * stays in view (frozen) and carries an auto-filter, numeric headers right-aligned over
 * their numbers, and A4 pages that repeat the header and the key columns (see
 * print-setup.ts). The lines above the table and the header go through exceljs; the
 * rows, which can be hundreds of thousands, are written as XML in batches (see row-xml.ts).
 */
export async function writeTableSheet<T>(
  writer: PinnedWorkbookWriter,
  table: TableSheet<T>,
  pace: Pace,
): Promise<void> {
  const preamble = table.preamble ?? [];
  const headerRow = preamble.length > 0 ? preamble.length + 2 : 1;
  const widths = fitWidths(table);
  const sheet = openSheet(writer, table, headerRow, widths);
  const lastRow = headerRow + (await writeRows(writer, sheet, table, { headerRow, widths }, pace));

  const range = `$A$${headerRow}:$${columnLetter(table.columns.length)}$${lastRow}`;
  sheet.autoFilter = range.replaceAll('$', '');
  writer.addFilterName(table.name, range);
  if (lastRow > headerRow + 1) addPercentScales(sheet, table.columns, headerRow + 1, lastRow);

  // The roll-up follows a blank row, outside the filter range.
  if (table.footer && table.footer.length > 0) {
    const totalRow = rowXml(
      table.columns.map((column) => ({ value: column.value, style: constant(totalStyles[column.kind]) })),
      writer.styleIndex,
    );
    await writer.writeRowsXml(sheet, table.footer.map((item, index) => totalRow(lastRow + 2 + index, item)).join(''));
  }
  sheet.commit();
}

/** Adds the sheet with its widths, views and page set-up, and writes the lines above the table and the header. */
function openSheet<T>(
  writer: PinnedWorkbookWriter,
  table: TableSheet<T>,
  headerRow: number,
  widths: readonly number[],
): Worksheet {
  const { columns } = table;
  const printed = Math.min(table.printedColumns ?? columns.length, columns.length);
  const { pageSetup } = printSetup(widths.slice(0, printed), headerRow, table.keyColumns ?? 1);
  const sheet = writer.addWorksheet(table.name, {
    views: table.freezeHeader === false ? [] : [{ state: 'frozen', xSplit: 0, ySplit: headerRow }],
    pageSetup: printed < columns.length ? { ...pageSetup, printArea: `A:${columnLetter(printed)}` } : pageSetup,
    ...(table.tabColour ? { properties: { tabColor: { argb: table.tabColour } } } : {}),
  });
  sheet.columns = widths.map((width) => ({ width }));
  for (const line of table.preamble ?? []) writePreambleLine(sheet, line);
  if (headerRow > 1) sheet.addRow([]).commit();
  const header = sheet.addRow(columns.map((column) => column.header));
  columns.forEach((column, index) => {
    const style = column.headerStyle ?? kindHeaderStyle[column.kind];
    header.getCell(index + 1).style = column.width.wrapHeader ? wrapped(style) : style;
  });
  const headerLines = Math.max(
    ...columns.map((column, index) => (column.width.wrapHeader ? wrappedLines(column.header, widths[index] ?? 0) : 1)),
  );
  if (headerLines > 1) header.height = headerLines * lineHeight;
  header.commit();
  return sheet;
}

/** Writes a row per item below the header, in batches; returns the number of rows. */
async function writeRows<T>(
  writer: PinnedWorkbookWriter,
  sheet: Worksheet,
  table: TableSheet<T>,
  at: { headerRow: number; widths: readonly number[] },
  pace: Pace,
): Promise<number> {
  const { headerRow } = at;
  const wrap = table.wrap === true;
  const dataRow = rowXml(
    table.columns.map((column, index) => ({
      value: column.value,
      style: cellStyle(column, wrap),
      wrapWidth: wrap && column.kind === 'text' ? at.widths[index] : undefined,
    })),
    writer.styleIndex,
  );
  const linked = table.columns.flatMap((column, index) =>
    column.link === undefined ? [] : [{ link: column.link.bind(column), letter: columnLetter(index + 1) }],
  );
  let written = 0;
  let batch = '';
  for (const item of table.rows()) {
    written += 1;
    batch += dataRow(headerRow + written, item);
    for (const { link, letter } of linked) {
      const target = link(item);
      if (target !== null) writer.addHyperlink(sheet, `${letter}${headerRow + written}`, target);
    }
    if (written % rowsPerBatch === 0) {
      await writer.writeRowsXml(sheet, batch);
      batch = '';
      await pace();
    }
  }
  if (batch) await writer.writeRowsXml(sheet, batch);
  return written;
}

function fitWidths<T>(table: TableSheet<T>): number[] {
  const widths = new ColumnWidths(
    table.columns.map((column) => column.header),
    table.columns.map((column) => column.width),
  );
  const measured = table.columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => column.kind !== 'percent' && column.kind !== 'date');
  const measure = (item: T): void => {
    for (const { column, index } of measured) {
      const value = column.value(item);
      if (typeof value === 'string') widths.measure(index, value);
      else if (value !== null) widths.measureCount(index, value);
    }
  };
  for (const item of table.rows()) measure(item);
  for (const item of table.footer ?? []) measure(item);
  return widths.widths();
}

function writePreambleLine(sheet: Worksheet, line: PreambleLine): void {
  const value = typeof line.value === 'string' ? cellText(line.value) : line.value;
  const row = sheet.addRow(value === undefined ? [cellText(line.label)] : [cellText(line.label), value]);
  row.getCell(1).style = line.labelStyle ?? labelStyle;
  if (line.valueStyle) row.getCell(2).style = line.valueStyle;
  row.commit();
}

/** A column's style for each item: its own, else its kind's; wrapped when the sheet wraps. */
function cellStyle<T>(column: TableColumn<T>, wrap: boolean): ((item: T) => CellStyle | undefined) | undefined {
  const { style } = column;
  if (!wrap) return style ?? constant(kindStyle[column.kind]);
  if (!style) return constant(wrapped(kindStyle[column.kind]));
  return (item) => wrapped(style(item) ?? kindStyle[column.kind]);
}

function constant(style: CellStyle | undefined): (() => CellStyle) | undefined {
  return style ? () => style : undefined;
}
