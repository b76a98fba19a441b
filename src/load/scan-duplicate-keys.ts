import { closingQuote, type JsonUnits, type UnitEncoding } from './json-units.js';
import { KeyTable, hashText } from './key-table.js';

/** A key repeated in one object, as the scan finds it: unit offsets of the quotes that open the two keys. */
export interface RawDuplicate {
  /** The key, unescaped. */
  key: string;
  /** RFC 6901 pointer of the member. */
  pointer: string;
  /** 2 for the first repeat of a key in its object, 3 for the next, … */
  occurrence: number;
  /** Unit offset of the key's first occurrence in the object. */
  first: number;
  /** Unit offset of this occurrence. */
  repeat: number;
}

/** What a scan found: every repeat counted, the first `limit` described. */
export interface RawScan {
  count: number;
  duplicates: RawDuplicate[];
}

/**
 * Finds every key that repeats within one object of a JSON text, as JSON.parse would
 * read the keys (after unescaping). One pass over the units, allocating nothing on the
 * way: each open object's keys are 32-bit hashes on a shared stack of integers, compared
 * one by one (units compared only when hashes are equal), value strings are skipped,
 * and a key is decoded only when it holds an escape or (in UTF-8) a non-ASCII byte.
 * The pointer is put together only when a repeat is found, from the stacks as they
 * stand. The text is assumed to be JSON (it is scanned only when JSON.parse accepted
 * it); on other text the scan ends without error, its result meaningless.
 *
 * The loop spells its character codes as numbers (0x22 `"`, 0x5c `\`, 0x2c `,`, 0x7b
 * `{`, 0x7d `}`, 0x5b `[`, 0x5d `]`; 4 is the key stack's stride): named module
 * constants made it 60 % slower, V8 loading each on every comparison.
 */
export function scanDuplicateKeys(units: JsonUnits, encoding: UnitEncoding, limit: number): RawScan {
  const table = new KeyTable(units, encoding, limit);
  // Units at or above this make a key's text differ from its units: UTF-8 past ASCII,
  // or an escape, which sets 0x10000 (above any unit) in `seen`.
  const wide = encoding === 'utf8' ? 0x80 : 0x10000;
  const length = units.length;
  let entries = table.entries;
  let frames = table.frames;
  let top = 0;
  let depth = 0;
  let expectKey = false;
  let at = 0;
  while (at < length) {
    const unit = units[at]!;
    if (unit === 0x22) {
      let end = at + 1;
      if (expectKey) {
        // FNV-1a, as hashText computes it for decoded keys.
        let hash = 0x811c9dc5 | 0;
        let seen = 0;
        while (end < length) {
          const next = units[end]!;
          if (next === 0x22) break;
          if (next === 0x5c) {
            seen |= 0x10000;
            end += 2;
          } else {
            hash = Math.imul(hash ^ next, 0x01000193);
            seen |= next;
            end += 1;
          }
        }
        // Only text that is not JSON ends in the middle of an escape.
        if (end > length) end = length;
        const decoded = seen >= wide;
        if (decoded) hash = hashText(table.keyAt(at + 1, end));
        if (top + 4 > entries.length) entries = table.growEntries();
        const base = frames[2 * depth - 2]!;
        if (table.mapDepths > 0 && table.hasMap(depth)) {
          table.lookUp(at, end, top, depth);
        } else {
          for (let entry = base; entry < top; entry += 4) {
            if (entries[entry] === hash && table.sameKey(entry, at + 1, end, decoded)) {
              table.repeated(entry, top, at, end, decoded, depth);
              break;
            }
          }
        }
        entries[top] = hash;
        entries[top + 1] = at + 1;
        entries[top + 2] = end;
        entries[top + 3] = decoded ? 1 : 0;
        top += 4;
        if (top - base === table.mapFrom) table.startMap(depth, base, top);
        expectKey = false;
      } else {
        end = closingQuote(units, end, length);
      }
      at = end + 1;
    } else if (unit === 0x7b || unit === 0x5b) {
      if (2 * depth + 2 > frames.length) frames = table.growFrames();
      // A frame holds the top of the key stack as the container opens (for an array
      // as -1 − top, so that the sign tells the kind), and an array's element index.
      frames[2 * depth] = unit === 0x7b ? top : -1 - top;
      frames[2 * depth + 1] = 0;
      depth += 1;
      expectKey = unit === 0x7b;
      at += 1;
    } else if (unit === 0x7d || unit === 0x5d) {
      if (depth > 0) {
        depth -= 1;
        const base = frames[2 * depth]!;
        if (base >= 0) top = base;
        if (table.mapDepths > 0) table.endMap(depth + 1);
      }
      expectKey = false;
      at += 1;
    } else if (unit === 0x2c) {
      if (depth > 0) {
        if (frames[2 * depth - 2]! >= 0) expectKey = true;
        else frames[2 * depth - 1] = frames[2 * depth - 1]! + 1;
      }
      at += 1;
    } else {
      at += 1;
    }
  }
  return table.result();
}
