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
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawJson) && !(value instanceof KeyList);
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
  const parts: string[] = [];
  write(value, indent, '', parts);
  return parts.join('');
}

function write(value: unknown, indent: number, margin: string, parts: string[]): void {
  if (value instanceof RawJson) {
    parts.push(value.text);
    return;
  }
  const entries: [string | null, unknown][] | null = Array.isArray(value)
    ? value.map((item) => [null, item])
    : value instanceof KeyList
      ? value.entries
      : isPlainObject(value)
        ? Object.entries(value)
        : null;
  if (entries === null) {
    // Primitives, including lone surrogates, which JSON.stringify escapes.
    parts.push(value === undefined ? 'null' : JSON.stringify(value));
    return;
  }
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    parts.push(open, close);
    return;
  }
  const inner = indent > 0 ? `${margin}${' '.repeat(indent)}` : '';
  parts.push(open);
  entries.forEach(([key, item], index) => {
    if (index > 0) parts.push(',');
    if (indent > 0) parts.push('\n', inner);
    if (key !== null) parts.push(JSON.stringify(key), indent > 0 ? ': ' : ':');
    write(item, indent, inner, parts);
  });
  if (indent > 0) parts.push('\n', margin);
  parts.push(close);
}
