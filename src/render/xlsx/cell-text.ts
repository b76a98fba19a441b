/** The longest text a spreadsheet cell holds (Excel's limit; longer text makes Excel repair the file). */
export const maxCellText = 32_767;

// Characters XML 1.0 cannot carry (exceljs silently drops them, and DEL with them).
const unwritable = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/;
const unwritableAll = new RegExp(unwritable.source, 'g');

/**
 * Report text as a cell holds it. The text is always written as a string cell, never
 * as a formula, whatever it starts with. Characters a workbook cannot carry are shown
 * as `\uXXXX` (as the terminal output does) rather than vanishing, and text beyond the
 * cell limit is cut with an ellipsis.
 */
export function cellText(text: string): string {
  const written = unwritable.test(text) ? text.replace(unwritableAll, escapeChar) : text;
  return written.length > maxCellText ? `${written.slice(0, maxCellText - 1)}…` : written;
}

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
