/**
 * Report text is data: a ShortTitle could carry escape sequences that move the cursor
 * or retitle the terminal. Control characters are shown as `\uXXXX` instead.
 */
export function sanitiseForTerminal(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
