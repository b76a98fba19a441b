import { showControlCharacters } from '../../text/show-control-characters.js';
import { showBidiControls } from '../../text/terminal-text.js';

/** What a spreadsheet takes as the start of a formula (OWASP, "CSV injection"). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * Report text as a CSV cell that opens as text in Excel, LibreOffice and Google Sheets.
 * A cell that starts like a formula gets a leading apostrophe, which those programs
 * take as "this is text" and do not show; control characters other than tabs and line
 * breaks are shown as `\uXXXX`, as in every format, and so are bidirectional controls
 * (U+202E …), as on a terminal. A CSV file is read as lines of text as often as in a
 * spreadsheet (cat, less, a diff in a review), where an override reorders the rest of
 * the line: a cell could show another policy id or verdict than it holds. The escape is
 * visible and names the character; the exact value stays in the report and in
 * `check --format json`, which escape it the JSON way.
 */
export function csvText(text: string): string {
  const shown = showBidiControls(showControlCharacters(text, 'keep'));
  return formulaStart.test(shown) ? `'${shown}` : shown;
}
