/**
 * Characters JSON.stringify would escape or change: quote, backslash, controls and any surrogate (a lone one is
 * escaped).
 */
const needsEscaping = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * The JSON string of `value`, the same text as JSON.stringify gives: most report strings
 * need no escaping and are only quoted, which is twice as fast over the 900,000 strings
 * of a 300,000-policy export.
 */
export function jsonString(value: string): string {
  return needsEscaping.test(value) ? JSON.stringify(value) : `"${value}"`;
}

/**
 * The JSON string of `value` as it reads inside another JSON string, without the outer
 * quotes: `\"value\"`. Pieces made so join into the text of a JSON document held in a
 * JSON string, the same text as JSON.stringify(JSON.stringify(document)) gives, since
 * escaping is character by character.
 *
 * @param json the JSON string of `value` when it is at hand (jsonString's): every escape
 *   lengthens it, so when it is two quotes longer than `value`, nothing needs escaping
 */
export function jsonStringInString(value: string, json: string = jsonString(value)): string {
  return json.length === value.length + 2 ? `\\"${value}\\"` : JSON.stringify(json).slice(1, -1);
}
