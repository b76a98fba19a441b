import { showControlCharacters } from '../../text/show-control-characters.js';

/**
 * Characters that must not appear raw inside a `<script>` element or a JS string, and
 * control characters: JSON.stringify writes C0 ones as escapes (`\u0000`, `\b`, `\f`;
 * tab and line breaks stay, as whitespace) and DEL, C1 and U+2028/2029 raw, so the
 * page would get each back as it was. An escaped backslash is matched whole, so that
 * `\\u0000` (text that only looks like an escape) is left alone.
 */
const unsafeInScript = /[<>&\u007f-\u009f\u2028\u2029]|\\(?:\\|u00[01][0-9a-f]|[bf])/g;

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function replaceUnsafe(match: string): string {
  if (match === '<' || match === '>' || match === '&') return escapeChar(match);
  if (match === '\\\\') return match;
  const char = match.length === 1 ? match : (JSON.parse(`"${match}"`) as string);
  return JSON.stringify(showControlCharacters(char, 'keep')).slice(1, -1);
}

/**
 * JSON text safe to place inside `<script type="application/json">`: `<` can never
 * close the element or open a comment, and U+2028/2029 stay escaped. The result
 * parses with JSON.parse to the same value except for control characters, which the
 * page shows as `\uXXXX` like every other format (see showControlCharacters).
 */
export function scriptJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(unsafeInScript, replaceUnsafe);
}

/** A whole `<script type="application/json">` block with `id`, ready to inline. */
export function scriptJsonBlock(id: string, value: unknown, className?: string): string {
  const classAttribute = className ? ` class="${className}"` : '';
  return `<script type="application/json" id="${id}"${classAttribute}>${scriptJson(value)}</script>`;
}
