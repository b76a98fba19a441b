import { countQuotes } from './byte-counts.js';

/**
 * Deeper than this, the walk of a parsed value gives up (and the text is scanned):
 * JSON.parse copes with any nesting, a recursive walk would run out of stack.
 */
const walkDepth = 512;

/**
 * True when a text that JSON.parse read as `value` proves to hold no key twice in one
 * object: then the scan for repeated keys (scanDuplicateKeys, several times the cost on
 * a report) has nothing to find. False means only "not proven": the caller scans.
 *
 * The proof counts quotes. Let g(x) be, over a JSON value x, the number of members of
 * its objects plus the number of its strings that are not keys, at any depth. In JSON
 * text every string, key or not, opens and closes with a `"`; any other `"` is inside a
 * string and escaped, that is preceded by an odd run of backslashes (an even run is
 * escaped backslashes; `\u0022` holds no `"`), and no backslash stands outside a string.
 * So the quotes of a text that parses, less those after an odd run of backslashes, are
 * exactly 2 g(text's tree).
 *
 * JSON.parse builds the same tree, except that of the members with one key in one
 * object it keeps only the last: every member it drops takes away at least its own 1
 * from g, besides the strings of its value. Hence g(value) <= g(text's tree), equal
 * exactly when no member was dropped, that is when no key repeats. The walk lists keys
 * with for…in, which reads own keys only while no property of Object.prototype (every
 * parsed object's prototype) is enumerable: with one, a property added to
 * Object.prototype could be counted as a member, so the proof is not tried. The value
 * must be JSON.parse's own, not changed since.
 *
 * `bytes`, the UTF-8 the text was decoded from, let the quotes be counted sixteen bytes
 * at a time (see countQuotes): `"` and `\` are ASCII, never part of a longer sequence,
 * and decoding turns no other bytes into them, so the bytes hold as many as the text.
 */
export function provesNoRepeatedKeys(text: string, value: unknown, bytes?: Uint8Array): boolean {
  if (inheritsEnumerable()) return false;
  // Stryker disable next-line ConditionalExpression: the count in the text is the same, only slower
  const counted = bytes === undefined ? undefined : countQuotes(bytes);
  const quotes = counted?.quotes ?? countOf(text, '"');
  // Stryker disable next-line ConditionalExpression,OptionalChaining: a text with no backslash has no escaped quote; a
  // shortcut for speed only
  const delimiters = counted?.backslashes === 0 ? quotes : quotes - escapedQuotes(text);
  // Infinity, from a value nested too deep to walk, equals no count.
  return delimiters === 2 * (typeof value === 'string' ? 1 : membersAndStrings(value, 0));
}

/**
 * g(value) of {@link provesNoRepeatedKeys} for an array or an object: its members, and
 * its strings that are not keys; Infinity past {@link walkDepth}. A number, a boolean
 * or null has no key for for…in to list, and counts 0.
 */
function membersAndStrings(value: unknown, depth: number): number {
  if (depth === walkDepth) return Infinity;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) count += itemCount(item, depth);
    return count;
  }
  const object = value as Record<string, unknown>;
  // for…in, a third faster than Object.keys here; it lists own keys only, as no
  // property of Object.prototype is enumerable (see provesNoRepeatedKeys).
  for (const key in object) count += 1 + itemCount(object[key], depth);
  return count;
}

/** g of an item: 1 for a string, 0 for a number, a boolean or null, else its walk. */
function itemCount(item: unknown, depth: number): number {
  if (typeof item === 'string') return 1;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut for speed only; membersAndStrings
  // counts a number, a boolean or null as 0 too
  return typeof item === 'object' && item !== null ? membersAndStrings(item, depth + 1) : 0;
}

/**
 * True when for…in over a plain object would list a key it inherits: one that Object.prototype, a parsed object's only
 * ancestor, has as its own and enumerable.
 */
function inheritsEnumerable(): boolean {
  return Object.keys(Object.prototype).length > 0;
}

/** The `"` of a text that parsed which follow an odd run of backslashes: those inside strings. */
function escapedQuotes(text: string): number {
  let count = 0;
  for (let start = text.indexOf('\\'); start !== -1; start = text.indexOf('\\', start)) {
    let run = 1;
    while (text.charCodeAt(start + run) === 0x5c) run += 1;
    if (run % 2 === 1 && text.charCodeAt(start + run) === 0x22) count += 1;
    start += run;
  }
  return count;
}

function countOf(text: string, character: string): number {
  let count = 0;
  for (let at = text.indexOf(character); at !== -1; at = text.indexOf(character, at + 1)) count += 1;
  return count;
}
