import type { LineCounter, Node } from 'yaml';
import { yamlModule } from './yaml-module.js';
import { escapePointerToken } from '../../text/pointer-token.js';

/** A key that a YAML or JSON file repeats within one mapping, as a message and a place. */
export interface RepeatedKey {
  /** `key "max" appears twice in /assertions/0 (lines 5 and 7)` */
  message: string;
  /** RFC 6901 pointer of the repeated member. */
  pointer: string;
}

/**
 * Describes the repeated key that yaml refused at `offset` (its uniqueKeys check gives
 * only the place of the repeat): which key, the pointer of its mapping, and the lines of
 * both. The text is parsed again with repeats allowed, to find the first one; keys are
 * compared by value, as yaml compares them (`"\u0061"` and `a` are one key in JSON and
 * YAML alike). Undefined for a key that is no plain value (a YAML mapping as a key).
 */
export function describeRepeatedKey(text: string, offset: number, lineCounter: LineCounter): RepeatedKey | undefined {
  const { parseDocument } = yamlModule();
  const document = parseDocument(text, { uniqueKeys: false, prettyErrors: false, version: '1.2' });
  return findRepeat(document.contents, '', offset, lineCounter);
}

function findRepeat(node: unknown, pointer: string, offset: number, lines: LineCounter): RepeatedKey | undefined {
  const { isMap, isScalar, isSeq } = yamlModule();
  if (isSeq(node)) {
    for (const [index, item] of node.items.entries()) {
      const found = findRepeat(item, `${pointer}/${index}`, offset, lines);
      if (found) return found;
    }
  }
  if (!isMap(node)) return undefined;
  for (const [index, pair] of node.items.entries()) {
    const key = pair.key;
    if (!isScalar(key)) continue;
    if (key.range?.[0] === offset) {
      const first = node.items.slice(0, index).find((other) => isScalar(other.key) && other.key.value === key.value)
        ?.key as Node | undefined;
      if (first === undefined) return undefined;
      const name = String(key.value);
      const where = pointer === '' ? 'the top-level mapping' : pointer;
      return {
        message: `key ${JSON.stringify(name)} appears twice in ${where} (${bothPlaces(first, key, lines)})`,
        pointer: `${pointer}/${escapePointerToken(name)}`,
      };
    }
    const found = findRepeat(pair.value, `${pointer}/${escapePointerToken(String(key.value))}`, offset, lines);
    if (found) return found;
  }
  return undefined;
}

function bothPlaces(first: Node, repeat: Node, lines: LineCounter): string {
  const one = lines.linePos(first.range?.[0] ?? 0);
  const two = lines.linePos(repeat.range?.[0] ?? 0);
  return one.line === two.line
    ? `line ${one.line}, columns ${one.col} and ${two.col}`
    : `lines ${one.line} and ${two.line}`;
}
