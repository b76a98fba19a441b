import type { Document } from 'yaml';
import { CspmError, type RulesLocation } from '../error/cspm-error.js';
import { describeRepeatedKey } from './repeated-rules-key.js';
import { yamlModule } from './yaml-module.js';

/** A rules file parsed, with what it takes to turn a pointer into a line and column. */
export interface ParsedRulesText {
  value: unknown;
  /** The location of a pointer in the text (the key's when `atKey`), as precise as the text allows. */
  locate(pointer: string, atKey?: boolean): RulesLocation;
}

/**
 * Parses a rules file in YAML or JSON. JSON is read as YAML 1.2 (of which it is a
 * subset) so that both get the same positions in errors and the same refusal of
 * duplicate keys, which JSON.parse would silently resolve to the last one.
 */
export function parseRulesText(text: string, file: string): ParsedRulesText {
  const { LineCounter, parseDocument } = yamlModule();
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, version: '1.2' });
  const [error] = document.errors;
  if (error) {
    const position = lineCounter.linePos(error.pos[0]);
    const where = `${file}:${position.line}:${position.col}`;
    const repeated = error.code === 'DUPLICATE_KEY' ? describeRepeatedKey(text, error.pos[0], lineCounter) : undefined;
    const location: RulesLocation = { file, pointer: repeated?.pointer ?? '', line: position.line, column: position.col };
    throw new CspmError('rules-invalid', `${where}: ${repeated?.message ?? firstSentence(error.message)}`, { data: location });
  }
  const value: unknown = document.toJS({ maxAliasCount: 100 });
  return {
    value,
    locate(pointer, atKey = false) {
      const offset = offsetOf(document, pointer, atKey);
      if (offset === undefined) return { file, pointer };
      const { line, col } = lineCounter.linePos(offset);
      return { file, pointer, line, column: col };
    },
  };
}

/** yaml's messages end with " at line L, column C": the position is printed our way. */
function firstSentence(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '');
}

function offsetOf(document: Document, pointer: string, atKey: boolean): number | undefined {
  const { isMap, isPair, isScalar, isSeq } = yamlModule();
  let node: unknown = document.contents;
  let key: unknown;
  for (const token of pointer.split('/').slice(1)) {
    const segment = token.replace(/~1/g, '/').replace(/~0/g, '~');
    key = undefined;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment);
      if (!pair) return undefined;
      key = pair.key;
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[Number(segment)];
    } else {
      return undefined;
    }
  }
  const target = atKey && key !== undefined ? key : node;
  const range = (target as { range?: [number, number, number] } | null)?.range;
  return range?.[0];
}
