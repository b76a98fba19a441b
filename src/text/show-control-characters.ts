/** What happens to tab, line feed and carriage return, the whitespace among control characters. */
export type ControlWhitespace = 'show' | 'keep' | 'space';

// In a `u` pattern a surrogate range matches lone surrogates only: a pair is one code point.
const planeEnds = Array.from(
  { length: 16 },
  (_, plane) => `\\u{${(plane + 1).toString(16)}fffe}\\u{${(plane + 1).toString(16)}ffff}`,
).join('');
const controls = new RegExp(
  `[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\ud800-\\udfff\\ufdd0-\\ufdef\\ufffe\\uffff${planeEnds}]`,
  'u',
);
const controlsAll = new RegExp(controls.source, 'gu');
const whitespace = /[\t\n\r]/;

/**
 * Report text is data: a ShortTitle could carry escape sequences that move the cursor
 * or retitle a terminal, or a NUL that a viewer drops or draws as a box. Control
 * characters (C0, DEL, C1, and the Unicode line and paragraph separators) are shown as
 * `\uXXXX` instead, the same way in the terminal and in every document format. So are
 * the code units no document may hold: a lone surrogate (invalid UTF-16, which HTML
 * parsers and PDF metadata reject) and the noncharacters U+FDD0–U+FDEF and the last two
 * of every plane, U+FFFE, U+FFFF … U+10FFFF (which XML and HTML forbid: a workbook
 * holding one does not open), the latter shown as `\u{10ffff}`.
 *
 * Tab, line feed and carriage return are shown too by default (a finding is one line
 * of terminal output); documents keep them (`'keep'`: a cell or page lays them out as
 * whitespace) or turn them into spaces (`'space'`: one-line text such as PDF metadata).
 */
export function showControlCharacters(text: string, tabsAndLineBreaks: ControlWhitespace = 'show'): string {
  if (!controls.test(text)) return text;
  return text.replace(controlsAll, (char) => {
    if (tabsAndLineBreaks !== 'show' && whitespace.test(char)) return tabsAndLineBreaks === 'keep' ? char : ' ';
    const code = char.codePointAt(0) ?? 0;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
