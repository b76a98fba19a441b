import { textLength, unitsOfText, type EncodedText } from './json-units.js';
import { scanDuplicateKeys, type RawScan } from './scan-duplicate-keys.js';
import { findingLimit } from '../model/capped-findings.js';

/** A place in a text: 1-based line and column, and the offset, in UTF-16 code units of the text as decoded. */
export interface TextPosition {
  line: number;
  column: number;
  offset: number;
}

/** A key that repeats within one JSON object (JSON.parse keeps its last value). */
export interface DuplicateKey {
  /** The key, unescaped. */
  key: string;
  /** RFC 6901 pointer of the member: its object's pointer and the key. */
  pointer: string;
  /** 2 for the first repeat of the key in its object, 3 for the next, … */
  occurrence: number;
  /** The opening quote of the key's first occurrence in the object. */
  first: TextPosition;
  /** The opening quote of this occurrence. */
  repeat: TextPosition;
}

/** The repeated keys of a text: every repeat counted, the first ones (up to the limit) described. */
export interface DuplicateKeyScan {
  count: number;
  duplicates: DuplicateKey[];
}

/** The most repeats described per text; the rest are counted: the limit of listed findings of every rule. */
export const duplicateKeyLimit = findingLimit;

/**
 * Finds the keys that repeat within an object of a JSON text, which JSON.parse would
 * resolve silently to the last value. Keys are compared as JSON.parse reads them
 * (`"a"` and `"\u0061"` are one key). Call it on text that parses: on other text the
 * result means nothing.
 */
export function findDuplicateKeys(text: string, limit = duplicateKeyLimit): DuplicateKeyScan {
  return findDuplicateKeysIn(unitsOfText(text), limit);
}

/** {@link findDuplicateKeys} on encoded units (the bytes of a file, as read). */
export function findDuplicateKeysIn(text: EncodedText, limit = duplicateKeyLimit): DuplicateKeyScan {
  return locateDuplicates(text, scanDuplicateKeys(text.units, text.encoding, limit));
}

/**
 * Lines and columns of the repeats, in one pass to the last of them, made only when
 * there are any: the scan itself keeps unit offsets alone.
 */
function locateDuplicates(text: EncodedText, scan: RawScan): DuplicateKeyScan {
  if (scan.duplicates.length === 0) return { count: scan.count, duplicates: [] };
  const positions = locateOffsets(
    text,
    scan.duplicates.flatMap((duplicate) => [duplicate.first, duplicate.repeat]),
  );
  return {
    count: scan.count,
    duplicates: scan.duplicates.map(({ key, pointer, occurrence, first, repeat }) => ({
      key,
      pointer,
      occurrence,
      first: positions.get(first)!,
      repeat: positions.get(repeat)!,
    })),
  };
}

function locateOffsets({ units, encoding }: EncodedText, offsets: readonly number[]): Map<number, TextPosition> {
  const positions = new Map<number, TextPosition>();
  let at = 0;
  let line = 1;
  let offset = 0;
  let lineStart = 0;
  for (const target of [...new Set(offsets)].sort((a, b) => a - b)) {
    let lastBreak = -1;
    for (let index = at; index < target; index += 1) {
      if (units[index] === 0x0a) {
        line += 1;
        lastBreak = index;
      }
    }
    if (lastBreak >= 0) {
      offset += textLength(units, encoding, at, lastBreak + 1);
      lineStart = offset;
      at = lastBreak + 1;
    }
    offset += textLength(units, encoding, at, target);
    at = target;
    positions.set(target, { line, column: offset - lineStart + 1, offset });
  }
  return positions;
}
