import { textWidth } from './column-widths.js';

/**
 * Height of one line of text in points (Calibri 11, the default row height). Spreadsheet
 * programs do not all grow a row to its wrapped text on opening a file (LibreOffice does
 * not), so a row that wraps says its height.
 */
export const lineHeight = 15;

/** The cell's margins take about a character of the column's width. */
const cellMargin = 1;

/**
 * Lines a text takes when wrapped at its spaces within a column `width` characters wide,
 * as spreadsheet programs wrap it: a word longer than a line is broken inside. Widths are
 * in digit widths, which most letters are narrower than: the count errs towards more lines,
 * so a row is at worst a little tall, never cut off.
 */
export function wrappedLines(text: string, width: number): number {
  const room = Math.max(1, width - cellMargin);
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    lines += 1;
    let used = 0;
    for (const word of paragraph.split(' ')) {
      const wide = textWidth(word);
      const needed = used === 0 ? wide : used + 1 + wide;
      if (needed <= room) {
        used = needed;
      } else if (used === 0 || wide > room) {
        // Broken inside: full lines, and the rest starts the next.
        const start = used === 0 ? 0 : used + 1;
        const total = start + wide;
        lines += Math.ceil(total / room) - 1;
        used = total % room || room;
      } else {
        lines += 1;
        used = wide;
      }
    }
  }
  return lines;
}
