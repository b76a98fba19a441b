/** Characters that must not appear raw inside a `<script>` element or a JS string. */
const unsafeInScript = /[<>&\u2028\u2029]/g;

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * JSON text safe to place inside `<script type="application/json">`: `<` can never
 * close the element or open a comment, and U+2028/2029 stay escaped. The result
 * still parses with JSON.parse to the same value, since every replacement sits in a
 * string literal (the only place JSON allows those characters).
 */
export function scriptJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(unsafeInScript, escapeChar);
}

/** A whole `<script type="application/json">` block with `id`, ready to inline. */
export function scriptJsonBlock(id: string, value: unknown, className?: string): string {
  const classAttribute = className ? ` class="${className}"` : '';
  return `<script type="application/json" id="${id}"${classAttribute}>${scriptJson(value)}</script>`;
}
