import { showControlCharacters } from '../../text/show-control-characters.js';

/** The longest text a spreadsheet cell holds (Excel's limit; longer text makes Excel repair the file). */
export const maxCellText = 32_767;

// Noncharacters XML 1.0 cannot carry either (exceljs silently drops them).
const unwritable = /[\ufffe\uffff]/;
const unwritableAll = new RegExp(unwritable.source, 'g');

/**
 * Report text as a cell holds it. The text is always written as a string cell, never
 * as a formula, whatever it starts with. Control characters are shown as `\uXXXX`
 * as in every format (tabs and line breaks are kept), and so are the two noncharacters
 * a workbook cannot carry, rather than vanishing. Text beyond the cell limit is cut
 * with an ellipsis.
 */
export function cellText(text: string): string {
  const shown = showControlCharacters(text, 'keep');
  const written = unwritable.test(shown) ? shown.replace(unwritableAll, escapeChar) : shown;
  return written.length > maxCellText ? `${written.slice(0, maxCellText - 1)}…` : written;
}

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
