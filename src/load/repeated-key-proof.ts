/**
 * Deeper than this, the walk of a parsed value gives up (and the text is scanned):
 * JSON.parse copes with any nesting, a recursive walk would run out of stack.
 */
const walkDepth = 512;

/**
 * True when a text that JSON.parse read as `value` proves to hold no key twice in one
 * object: then the scan for repeated keys (scanDuplicateKeys, two to three times the
 * cost on a report) has nothing to find. False means only "not proven": the caller scans.
 *
 * The proof counts colons. Let f(x) be, over a JSON value x, the number of members of
 * its objects plus the colons in its keys and strings, at any depth. In JSON text a
 * colon is either the separator of a member (exactly one each) or a character inside a
 * string; and inside a string it stands for a colon of the string's value, unless the
 * value's colon is written `\u003a` or `\u003A` (no other escape makes one, and no
 * escape contains a colon). So a text in which neither appears holds exactly f(text's
 * tree) colons. (Other `\u` escapes are common: Windows PowerShell writes `'` as
 * `\u0027`.)
 *
 * JSON.parse builds the same tree, except that of the members with one key in one
 * object it keeps only the last: every member it drops takes away at least its own 1
 * from f (its separator), besides the colons of its key and value. Hence f(value) <=
 * f(text's tree), equal exactly when no member was dropped, that is when no key
 * repeats, and the colons of the text equal f(value) if and only if no key repeats.
 * The walk lists keys with for…in, which reads own keys only while no property of
 * Object.prototype (every parsed object's prototype) is enumerable: with one, a
 * property added to Object.prototype could be counted as a member, so the proof is
 * not tried. The value must be JSON.parse's own, not changed since.
 */
export function provesNoRepeatedKeys(text: string, value: unknown): boolean {
  if (text.includes('\\u003a') || text.includes('\\u003A') || inheritsEnumerable()) return false;
  // Infinity, from a value nested too deep to walk, equals no count.
  return colonsIn(text) === membersAndColons(value, 0);
}

/**
 * f(value) of {@link provesNoRepeatedKeys}: members of objects, and colons in keys and
 * strings; Infinity past {@link walkDepth}. A number, a boolean or null has no key for
 * for…in to list, and counts 0.
 */
function membersAndColons(value: unknown, depth: number): number {
  if (typeof value === 'string') return colonsIn(value);
  if (depth === walkDepth) return Infinity;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) count += itemCount(item, depth);
    return count;
  }
  const object = value as Record<string, unknown>;
  // for…in, a third faster than Object.keys here; it lists own keys only, as no
  // property of Object.prototype is enumerable (see provesNoRepeatedKeys).
  for (const key in object) count += 1 + colonsIn(key) + itemCount(object[key], depth);
  return count;
}

/**
 * f of an item: numbers, booleans and null counted without a call, as they make up a
 * report's values with strings, of which most hold no colon.
 */
function itemCount(item: unknown, depth: number): number {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut for speed only; membersAndColons counts any item the same
  if (typeof item === 'object' && item !== null) return membersAndColons(item, depth + 1);
  return typeof item === 'string' ? colonsIn(item) : 0;
}

/** True when for…in over a plain object would list a key it inherits: one that Object.prototype, a parsed object's only ancestor, has as its own and enumerable. */
function inheritsEnumerable(): boolean {
  return Object.keys(Object.prototype).length > 0;
}

function colonsIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf(':'); at >= 0; at = text.indexOf(':', at + 1)) count += 1;
  return count;
}
