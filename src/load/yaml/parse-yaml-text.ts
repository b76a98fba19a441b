import type { Document } from 'yaml';
import { CspmError, type RulesLocation } from '../../error/cspm-error.js';
import { closestName } from '../../text/closest-name.js';
import { describeRepeatedKey } from './repeated-key.js';
import { yamlModule } from './yaml-module.js';

/** A YAML or JSON file parsed, with what it takes to turn a pointer into a line and column. */
export interface ParsedYamlText {
  value: unknown;
  /** The location of a pointer in the text (the key's when `atKey`), as precise as the text allows. */
  locate(pointer: string, atKey?: boolean): RulesLocation;
  /**
   * Refuses the file at `pointer`: a CspmError of the kind's `invalid` code, its message
   * `file:line:column: pointer: what` (the key's place when `atKey`).
   */
  refuse(pointer: string, what: string, atKey?: boolean): never;
}

/** What kind of file a YAML text is meant to be: how its errors are coded and named. */
export interface YamlFileKind {
  /** The error code of a text that does not parse or is not such a file. */
  invalid: 'rules-invalid' | 'exceptions-invalid';
  /** The error code of a text whose aliases expand too far. */
  aliases: 'rules-aliases' | 'exceptions-aliases';
  /** How messages name the file: `rules file`. */
  name: string;
  /**
   * The keys at the top of such a file: a text with none of them (or of their
   * misspellings) is not quoted back. Undefined for a file whose keys are ids (any
   * mapping then passes; its values are checked by its reader).
   */
  topKeys?: readonly string[];
}

/** Aliases a file may use: a handful, where a "billion laughs" file needs thousands. */
export const maxYamlAliases = 100;

/**
 * Parses a settings file in YAML or JSON. JSON is read as YAML 1.2 (of which it is a
 * subset) so that both get the same positions in errors and the same refusal of
 * duplicate keys, which JSON.parse would silently resolve to the last one.
 */
export function parseYamlText(text: string, file: string, kind: YamlFileKind): ParsedYamlText {
  const { LineCounter, parseDocument } = yamlModule();
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, version: '1.2' });
  const notThisFile = `not a YAML or JSON ${kind.name}`;
  const [error] = document.errors;
  if (error) {
    const position = lineCounter.linePos(error.pos[0]);
    const where = `${file}:${position.line}:${position.col}`;
    const repeated = error.code === 'DUPLICATE_KEY' ? describeRepeatedKey(text, error.pos[0], lineCounter) : undefined;
    const location: RulesLocation = {
      file,
      pointer: repeated?.pointer ?? '',
      line: position.line,
      column: position.col,
    };
    // yaml's messages can quote the text (an escape, a tag): a file that does not parse may be any file (--rules
    // /etc/shadow), so nothing of it is shown.
    throw new CspmError(
      kind.invalid,
      `${where}: ${repeated?.message ?? `${notThisFile} (it stops parsing here: ${error.code.toLowerCase().replace(/_/g, ' ')})`}`,
      { data: location },
    );
  }
  const value = valueOf(document, file, kind);
  if (!looksLikeKind(value, kind.topKeys)) {
    const { line, col } = lineCounter.linePos(document.contents?.range?.[0] ?? 0);
    const keys = (kind.topKeys ?? []).filter((key) => key !== '$schema').map((key) => `"${key}"`);
    const why = keys.length === 0 ? 'no mapping at its top' : `no ${keys.join(' or ')} at its top`;
    throw new CspmError(kind.invalid, `${file}:${line}:${col}: ${notThisFile} (${why})`, {
      data: { file, pointer: '', line, column: col },
    });
  }
  const locate = (pointer: string, atKey = false): RulesLocation => {
    const offset = offsetOf(document, pointer, atKey);
    if (offset === undefined) return { file, pointer };
    const { line, col } = lineCounter.linePos(offset);
    return { file, pointer, line, column: col };
  };
  return {
    value,
    locate,
    refuse(pointer, what, atKey = false) {
      const location = locate(pointer, atKey);
      const position = location.line === undefined ? file : `${file}:${location.line}:${location.column ?? 1}`;
      throw new CspmError(kind.invalid, `${position}: ${pointer === '' ? '(document)' : pointer}: ${what}`, {
        data: location,
      });
    },
  };
}

/** The document as a value; aliases that expand without end (a "billion laughs") are refused, not followed. */
function valueOf(document: Document, file: string, kind: YamlFileKind): unknown {
  try {
    return document.toJS({ maxAliasCount: maxYamlAliases });
  } catch (error) {
    // yaml throws a ReferenceError of its own wording when the count is passed.
    if (error instanceof ReferenceError && /alias count/i.test(error.message)) {
      throw new CspmError(
        kind.aliases,
        `${file}: its aliases expand past ${maxYamlAliases} copies (a YAML alias bomb?); write the values out`,
        { data: { file, limit: maxYamlAliases }, cause: error },
      );
    }
    throw error;
  }
}

/**
 * True when the value can be a file of this kind, so that its keys may be quoted in
 * errors: a mapping with one of the kind's keys, or with a key that reads as a misspelt
 * one (`assertion`). Any other text that happens to parse as YAML is not quoted back: a
 * password file's lines are plain scalars, and a credentials file in YAML
 * (`AWS_SECRET_ACCESS_KEY: …`) is a mapping of none of these keys.
 */
function looksLikeKind(value: unknown, topKeys: readonly string[] | undefined): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 0 || topKeys === undefined || keys.some((key) => closestName(key, topKeys) !== undefined);
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
