/** What happens to tab, line feed and carriage return, the whitespace among control characters. */
export type ControlWhitespace = 'show' | 'keep' | 'space';

const controls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const controlsAll = new RegExp(controls.source, 'g');
const whitespace = /[\t\n\r]/;

/**
 * Report text is data: a ShortTitle could carry escape sequences that move the cursor
 * or retitle a terminal, or a NUL that a viewer drops or draws as a box. Control
 * characters (C0, DEL, C1, and the Unicode line and paragraph separators) are shown as
 * `\uXXXX` instead, the same way in the terminal and in every document format.
 *
 * Tab, line feed and carriage return are shown too by default (a finding is one line
 * of terminal output); documents keep them (`'keep'`: a cell or page lays them out as
 * whitespace) or turn them into spaces (`'space'`: one-line text such as PDF metadata).
 */
export function showControlCharacters(text: string, tabsAndLineBreaks: ControlWhitespace = 'show'): string {
  if (!controls.test(text)) return text;
  return text.replace(controlsAll, (char) => {
    if (tabsAndLineBreaks !== 'show' && whitespace.test(char)) return tabsAndLineBreaks === 'keep' ? char : ' ';
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
