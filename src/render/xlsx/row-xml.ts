import { cellText } from './cell-text.js';
import { columnLetter } from './column-letter.js';
import { lineHeight, wrappedLines } from './wrapped-lines.js';
import type { CellStyle } from './xlsx-styles.js';

/** What a cell holds: text, a number, or nothing. */
export type CellValue = string | number | null;

/** A column as the row writer needs it. */
export interface XmlColumn<T> {
  value(item: T): CellValue;
  /** The item's style for this column, if any. */
  style?: ((item: T) => CellStyle | undefined) | undefined;
  /** The column's width when its text wraps: the row is made tall enough for the most lines of its cells. */
  wrapWidth?: number | undefined;
}

/** The `s` index of a style in the workbook's style sheet. */
export type StyleIndex = (style: CellStyle) => number;

const special = /[&<>]/;
const specialAll = /[&<>]/g;
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Text as XML character data (control characters are already gone: see cellText). */
function escapeXml(text: string): string {
  return special.test(text) ? text.replace(specialAll, (char) => entities[char] as string) : text;
}

/**
 * Compiles columns into a function that renders one data row as worksheet XML, in the
 * form exceljs writes rows (`<c t="str">` text, so report text is never a formula).
 *
 * exceljs builds a Row, a Cell, a value and a model object per cell, validates each
 * address and renders through a generic XML builder: most of its writing time, and
 * garbage. A large sheet's rows need none of it. Each column remembers its last text,
 * since consecutive rows repeat the benchmark, account and category.
 */
export function rowXml<T>(
  columns: readonly XmlColumn<T>[],
  styleIndex: StyleIndex,
): (rowNumber: number, item: T) => string {
  const letters = columns.map((_, index) => columnLetter(index + 1));
  const lastRaw: (string | null)[] = columns.map(() => null);
  const lastXml: string[] = columns.map(() => '');
  const lastLines: number[] = columns.map(() => 1);
  const styleAttributes = new Map<CellStyle, string>();
  const styleAttribute = (style: CellStyle | undefined): string => {
    if (!style) return '';
    let attribute = styleAttributes.get(style);
    if (attribute === undefined) {
      const index = styleIndex(style);
      attribute = index ? ` s="${index}"` : '';
      styleAttributes.set(style, attribute);
    }
    return attribute;
  };
  const spans = `" spans="1:${columns.length}"`;
  const rowEnd = ' x14ac:dyDescent="0.25">';

  return (rowNumber, item) => {
    let xml = '';
    let lines = 1;
    for (let index = 0; index < columns.length; index += 1) {
      const column = columns[index] as XmlColumn<T>;
      const value = column.value(item);
      const style = column.style ? styleAttribute(column.style(item)) : '';
      const reference = `<c r="${letters[index] as string}${rowNumber}"${style}`;
      if (typeof value === 'string') {
        if (value !== lastRaw[index]) {
          lastRaw[index] = value;
          lastXml[index] = escapeXml(cellText(value));
          if (column.wrapWidth !== undefined) lastLines[index] = wrappedLines(value, column.wrapWidth);
        }
        xml += `${reference} t="str"><v>${lastXml[index] as string}</v></c>`;
        if (column.wrapWidth !== undefined) lines = Math.max(lines, lastLines[index] as number);
      } else if (typeof value === 'number' && Number.isFinite(value)) {
        xml += `${reference}><v>${value}</v></c>`;
      } else if (style) {
        xml += `${reference}/>`;
      }
    }
    const height = lines > 1 ? ` ht="${lines * lineHeight}" customHeight="1"` : '';
    return `<row r="${rowNumber}${spans}${height}${rowEnd}${xml}</row>`;
  };
}
