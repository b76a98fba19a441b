import type { Row, Worksheet } from 'exceljs';
import { cellText } from './cell-text.js';
import { ColumnWidths, type WidthBounds } from './column-widths.js';
import type { PinnedWorkbookWriter } from './pinned-workbook-writer.js';
import { countStyle, headerStyle, labelStyle, percentStyle, totalStyles, type CellStyle } from './xlsx-styles.js';

/** What a cell holds: text, a number, or nothing. */
export type CellValue = string | number | null;

/** How a column's values are shown: text, a count (`12,345`) or a percent stored as a fraction. */
export type ColumnKind = 'text' | 'count' | 'percent';

/** One column of a table sheet. */
export interface TableColumn<T> {
  header: string;
  kind: ColumnKind;
  width: WidthBounds;
  value(item: T): CellValue;
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
}

/** Lets the consumer of the workbook keep up; called every few hundred rows. */
export type Pace = () => Promise<void>;

const rowsPerPace = 1024;
const kindStyle: Record<ColumnKind, CellStyle | undefined> = { text: undefined, count: countStyle, percent: percentStyle };

/**
 * Writes a table sheet and commits it: fitted column widths, a styled header row that
 * stays in view (frozen) and carries an auto-filter, and a header repeated on printed pages.
 */
export async function writeTableSheet<T>(writer: PinnedWorkbookWriter, table: TableSheet<T>, pace: Pace): Promise<void> {
  const { columns } = table;
  const preamble = table.preamble ?? [];
  const headerRow = preamble.length > 0 ? preamble.length + 2 : 1;
  const widths = fitWidths(table);
  const sheet = writer.addWorksheet(table.name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: headerRow }],
    pageSetup: { orientation: 'landscape', fitToWidth: pagesAcross(widths), fitToHeight: 0, printTitlesRow: `${headerRow}:${headerRow}` },
    ...(table.tabColour ? { properties: { tabColor: { argb: table.tabColour } } } : {}),
  });
  sheet.columns = widths.map((width) => ({ width }));

  for (const line of preamble) writePreambleLine(sheet, line);
  if (preamble.length > 0) sheet.addRow([]).commit();
  const header = sheet.addRow(columns.map((column) => column.header));
  columns.forEach((column, index) => (header.getCell(index + 1).style = column.headerStyle ?? headerStyle));
  header.commit();

  const styles = columns.map((column) => column.style ?? constant(kindStyle[column.kind]));
  const values = rowValues(columns);
  let written = 0;
  for (const item of table.rows()) {
    writeItem(sheet.addRow(values(item)), styles, item);
    written += 1;
    if (written % rowsPerPace === 0) await pace();
  }

  const lastRow = headerRow + written;
  const range = `$A$${headerRow}:$${columnLetter(columns.length)}$${lastRow}`;
  sheet.autoFilter = range.replaceAll('$', '');
  writer.addFilterName(table.name, range);
  if (written > 1) addPercentScales(sheet, columns, headerRow + 1, lastRow);

  if (table.footer && table.footer.length > 0) {
    sheet.addRow([]).commit();
    const totals = columns.map((column) => constant(totalStyles[column.kind]));
    for (const item of table.footer) writeItem(sheet.addRow(values(item)), totals, item);
  }
  sheet.commit();
}

/** About this many character widths fit across a landscape page at a readable scale. */
const widthPerPage = 200;

function pagesAcross(widths: readonly number[]): number {
  return Math.max(1, Math.ceil(widths.reduce((sum, width) => sum + width, 0) / widthPerPage));
}

function fitWidths<T>(table: TableSheet<T>): number[] {
  const widths = new ColumnWidths(
    table.columns.map((column) => column.header),
    table.columns.map((column) => column.width),
  );
  const measured = table.columns.map((column, index) => ({ column, index })).filter(({ column }) => column.kind !== 'percent');
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

/**
 * Builds the cell values of an item. Consecutive rows often repeat a text (the
 * benchmark, the account, the category), so each column remembers its last text and
 * does not check it again.
 */
function rowValues<T>(columns: readonly TableColumn<T>[]): (item: T) => CellValue[] {
  const lastRaw: (string | null)[] = columns.map(() => null);
  const lastText: string[] = columns.map(() => '');
  return (item) => {
    const cells: CellValue[] = new Array(columns.length);
    for (let index = 0; index < columns.length; index += 1) {
      const value = (columns[index] as TableColumn<T>).value(item);
      if (typeof value !== 'string') {
        cells[index] = value;
      } else if (value === lastRaw[index]) {
        cells[index] = lastText[index] as string;
      } else {
        lastRaw[index] = value;
        cells[index] = lastText[index] = cellText(value);
      }
    }
    return cells;
  };
}

function writeItem<T>(row: Row, styles: readonly ((item: T) => CellStyle | undefined)[], item: T): void {
  for (let index = 0; index < styles.length; index += 1) {
    const style = (styles[index] as (item: T) => CellStyle | undefined)(item);
    if (style) row.getCell(index + 1).style = style;
  }
  row.commit();
}

function writePreambleLine(sheet: Worksheet, line: PreambleLine): void {
  const value = typeof line.value === 'string' ? cellText(line.value) : line.value;
  const row = sheet.addRow(value === undefined ? [cellText(line.label)] : [cellText(line.label), value]);
  row.getCell(1).style = line.labelStyle ?? labelStyle;
  if (line.valueStyle) row.getCell(2).style = line.valueStyle;
  row.commit();
}

// Red through yellow to green, Excel's own three-colour scale: the percents of many
// categories compare at a glance. One rule per column, not a style per cell.
const scaleColours = ['FFF8696B', 'FFFFEB84', 'FF63BE7B'].map((argb) => ({ argb }));

function addPercentScales<T>(sheet: Worksheet, columns: readonly TableColumn<T>[], firstRow: number, lastRow: number): void {
  columns.forEach((column, index) => {
    if (column.kind !== 'percent') return;
    const letter = columnLetter(index + 1);
    sheet.addConditionalFormatting({
      ref: `${letter}${firstRow}:${letter}${lastRow}`,
      rules: [{ type: 'colorScale', priority: 1, cfvo: [{ type: 'num', value: 0 }, { type: 'num', value: 0.5 }, { type: 'num', value: 1 }], color: scaleColours }],
    });
  });
}

function constant(style: CellStyle | undefined): () => CellStyle | undefined {
  return () => style;
}

/** Spreadsheet column letters of a one-based column number (1 → A, 27 → AA). */
export function columnLetter(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}
