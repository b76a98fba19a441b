/**
 * Report text is data: a ShortTitle could carry escape sequences that move the cursor
 * or retitle a terminal, or line breaks that split one finding over several lines.
 * Control characters (C0, DEL, C1, and the Unicode line and paragraph separators) are
 * shown as `\uXXXX` instead.
 */
export function showControlCharacters(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
