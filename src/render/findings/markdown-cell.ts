import { visibleText } from './visible-text.js';

/** The longest text a table cell shows, in UTF-16 code units; the rest is cut with `…`. */
export const maxCellLength = 500;

// CommonMark lets any ASCII punctuation be backslash-escaped; these are the ones that
// start emphasis, code, links, tables, strikethrough, math, mentions and references.
const markdownPunctuation = /[\\`*_[\]|~^$@#]/g;
const htmlSpecial = /[&<>]/g;
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never between the halves of a surrogate pair: a lone half would show as \ud83d.
  const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

/**
 * Report text as inline Markdown that GitHub renders as the text itself: HTML special
 * characters as entities, Markdown punctuation backslash-escaped (so a `|` cannot end
 * a table cell), control and bidirectional characters as `\uXXXX`, and line breaks as
 * `<br>`, the one way a table cell holds several lines.
 */
export function markdownText(text: string, max = maxCellLength): string {
  const lines = cut(text, max).split(/\r\n|\r|\n/);
  let out = '';
  for (let index = 0; index < lines.length; index += 1) {
    if (index > 0) out += '<br>';
    out += visibleText(lines[index]!)
      .replace(htmlSpecial, (char) => entities[char]!)
      .replace(markdownPunctuation, (char) => `\\${char}`);
  }
  return out;
}

/**
 * A link as inline Markdown, `[SEC-1234](https://…)`: the text escaped as markdownText
 * escapes it, and in the address the characters that could end the link or a table cell
 * (parentheses, angle brackets, `|`, backslash, backquote, white space) percent-encoded.
 */
export function markdownLink(text: string, url: string, max = maxCellLength): string {
  const address = url.replace(
    /[()<>|\\`\s]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return `[${markdownText(text, max)}](${address})`;
}

/** One table row of cells already escaped with markdownText. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** UTF-8 bytes of a string, counted without encoding it (a lone surrogate counts 3, as its replacement does). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (
      code >= 0xd800 &&
      code <= 0xdbff &&
      index + 1 < text.length &&
      (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00
    ) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}
