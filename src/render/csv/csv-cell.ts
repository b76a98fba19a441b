import { showControlCharacters } from '../../text/show-control-characters.js';

/** What a spreadsheet takes as the start of a formula (OWASP, "CSV injection"). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * Report text as a CSV cell that opens as text in Excel, LibreOffice and Google Sheets.
 * A cell that starts like a formula gets a leading apostrophe, which those programs
 * take as "this is text" and do not show; control characters other than tabs and line
 * breaks are shown as `\uXXXX`, as in every format.
 */
export function csvText(text: string): string {
  const shown = showControlCharacters(text, 'keep');
  return formulaStart.test(shown) ? `'${shown}` : shown;
}
