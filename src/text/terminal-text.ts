/**
 * Text from files and reports, made safe to print on a terminal. Control characters
 * (C0, DEL, C1, the line and paragraph separators) could move the cursor, retitle the
 * window or split one line into several; bidirectional controls (U+202A–U+202E,
 * U+2066–U+2069, the marks U+200E, U+200F and U+061C) could reorder what the reader
 * sees, so that a line shows another file name or message than it holds. Each is
 * shown as `\uXXXX` instead.
 */
export function terminalText(text: string): string {
  return text.replace(unsafe, escape);
}

/**
 * JSON text made safe to print the same way. JSON.stringify escapes C0 controls but
 * leaves DEL, C1 and the bidirectional controls raw; inside a JSON string `\uXXXX`
 * means the same character, so the value a program reads is unchanged.
 */
export function terminalJson(json: string): string {
  return json.replace(unsafeInJson, escape);
}

/**
 * The bidirectional controls alone shown as `\uXXXX`, for outputs that show the other
 * unsafe characters their own way (showControlCharacters, for XML and Markdown).
 */
export function showBidiControls(text: string): string {
  return text.replace(bidiControls, escape);
}

function escape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const unsafeInJson = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
