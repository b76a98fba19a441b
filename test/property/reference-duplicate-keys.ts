import type { DuplicateKey, TextPosition } from '../../src/load/find-duplicate-keys.js';

/**
 * The repeated keys of a JSON text, read the simple way, to compare the scanner with:
 * a recursive descent over the string, each object's keys decoded by JSON.parse itself
 * and kept in a Map. Assumes JSON (the cases it is given parse).
 */
export function referenceDuplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  let at = 0;
  const lineStarts = [0];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) lineStarts.push(index + 1);
  const position = (offset: number): TextPosition => {
    // The last line start at or before the offset, by bisection.
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1, offset };
  };
  const space = (): void => {
    for (
      let code = text.charCodeAt(at);
      code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
      code = text.charCodeAt(at)
    )
      at += 1;
  };
  const string = (): string => {
    const start = at;
    at += 1;
    for (let code = text.charCodeAt(at); code !== 0x22; code = text.charCodeAt(at)) at += code === 0x5c ? 2 : 1;
    at += 1;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const token = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
  // Where a value is, as the chain of keys and indexes to it: written out as a JSON
  // Pointer only for a repeated key, not for each of the millions of members of the
  // largest cases.
  type Path = { parent: Path; part: string | number } | null;
  const pointerOf = (path: Path): string => {
    let pointer = '';
    for (let step = path; step !== null; step = step.parent)
      pointer = `/${typeof step.part === 'number' ? step.part : token(step.part)}${pointer}`;
    return pointer;
  };
  const value = (path: Path): void => {
    space();
    const char = text[at];
    if (char === '{') {
      at += 1;
      const seen = new Map<string, { first: number; count: number }>();
      space();
      while (text[at] !== '}') {
        const keyAt = at;
        const key = string();
        const member = { parent: path, part: key };
        const earlier = seen.get(key);
        if (earlier) {
          earlier.count += 1;
          found.push({
            key,
            pointer: pointerOf(member),
            occurrence: earlier.count,
            first: position(earlier.first),
            repeat: position(keyAt),
          });
        } else {
          seen.set(key, { first: keyAt, count: 1 });
        }
        space();
        at += 1; // the colon
        value(member);
        space();
        if (text[at] === ',') at += 1;
        space();
      }
      at += 1;
    } else if (char === '[') {
      at += 1;
      space();
      for (let index = 0; text[at] !== ']'; index += 1) {
        value({ parent: path, part: index });
        space();
        if (text[at] === ',') at += 1;
        space();
      }
      at += 1;
    } else if (char === '"') {
      string();
    } else {
      while (at < text.length && !',]} \t\n\r'.includes(text[at]!)) at += 1;
    }
  };
  value(null);
  return found;
}
