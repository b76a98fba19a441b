/** Characters JSON.stringify would escape or change: quote, backslash, controls and any surrogate (a lone one is escaped). */
const needsEscaping = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * The JSON string of `value`, the same text as JSON.stringify gives: most report strings
 * need no escaping and are only quoted, which is twice as fast over the 900,000 strings
 * of a 300,000-policy export.
 */
export function jsonString(value: string): string {
  return needsEscaping.test(value) ? JSON.stringify(value) : `"${value}"`;
}
