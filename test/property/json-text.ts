/**
 * JSON text with what JSON.stringify cannot write: numbers spelled exactly (`-0`,
 * `9007199254740993`, `1e400`) and objects with repeated or prototype keys. Mutations
 * work on values holding these two classes; `toJsonText` writes them out.
 */

/** A number (or any token) written as this exact text. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object written key by key, so that a key can repeat or be `__proto__`. */
export class KeyList {
  constructor(readonly entries: [string, unknown][]) {}
}

/** A plain object (not an array, RawJson or KeyList). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof RawJson) &&
    !(value instanceof KeyList)
  );
}

/** A deep copy that keeps RawJson and KeyList (structuredClone would drop their classes). */
export function cloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (value instanceof KeyList) return new KeyList(value.entries.map(([key, item]) => [key, cloneJson(item)]));
  if (isPlainObject(value)) return new KeyList(Object.entries(value).map(([key, item]) => [key, cloneJson(item)]));
  return value;
}

/** JSON text of a value; `indent` spaces per level, 0 for one line. */
export function toJsonText(value: unknown, indent = 0): string {
  return write(value, indent, '');
}

// Written by concatenation, each value's text returned: the huge arrays of the mutated
// cases made a list of parts and an entry pair per element, most of a case's time.
function write(value: unknown, indent: number, margin: string): string {
  if (value instanceof RawJson) return value.text;
  const array = Array.isArray(value) ? (value as unknown[]) : null;
  const entries = array
    ? null
    : value instanceof KeyList
      ? value.entries
      : isPlainObject(value)
        ? Object.entries(value)
        : null;
  // Primitives, including lone surrogates, which JSON.stringify escapes.
  if (array === null && entries === null) return value === undefined ? 'null' : JSON.stringify(value);
  const count = array ? array.length : entries!.length;
  const [open, close] = array ? ['[', ']'] : ['{', '}'];
  if (count === 0) return `${open}${close}`;
  const inner = indent > 0 ? `${margin}${' '.repeat(indent)}` : '';
  const before = indent > 0 ? `\n${inner}` : '';
  const colon = indent > 0 ? ': ' : ':';
  let text = open;
  for (let index = 0; index < count; index++) {
    if (index > 0) text += ',';
    text += before;
    if (array) {
      text += write(array[index], indent, inner);
    } else {
      const [key, item] = entries![index]!;
      text += `${JSON.stringify(key)}${colon}${write(item, indent, inner)}`;
    }
  }
  if (indent > 0) text += `\n${margin}`;
  return `${text}${close}`;
}
