import { closingQuote, type JsonUnits } from './json-units.js';

/** What JSON.parse will build from a text, counted before it runs (see {@link measureJsonShape}). */
export interface JsonShape {
  /** Objects and arrays. */
  containers: number;
  /** Commas outside strings: each separates two items of an object or an array. */
  commas: number;
  /**
   * Decimal points and exponent letters outside strings: each number that has one may be
   * a boxed double (so may a `true` or `false`, which has an `e`: an overcount, harmless).
   */
  fractions: number;
  /** Keys of objects (strings followed by a colon). */
  keys: number;
  /** How many of the keys differ, estimated (exact while few, never above `keys`). */
  distinctKeys: number;
  /** Strings that are values, and their units between the quotes. */
  strings: number;
  stringUnits: number;
}

/** Bits of the sketch that estimates distinct keys: 4 Mi bits (512 KiB), exact enough up to millions of keys. */
const sketchBits = 22;

/**
 * Counts what JSON.parse will allocate for a text, in one pass over its units: the
 * objects and arrays, the commas between items, the strings that are values and their
 * length, and the keys, with an estimate of how many differ (a key seen before costs a
 * slot; a new one costs V8 a string and a hidden class). Only a key's units are hashed, into a bitmap whose share of
 * set bits gives the count of
 * different keys (linear counting). Text that is not JSON gives counts of no meaning,
 * which is harmless: JSON.parse rejects it at once.
 *
 * The loop spells its character codes as numbers (0x22 `"`, 0x3a `:`, 0x7b `{`, 0x5b
 * `[`, 0x2c `,`, 0x2e `.`, 0x65 `e`, 0x45 `E`): named constants are loaded on every
 * comparison.
 */
export function measureJsonShape(units: JsonUnits): JsonShape {
  const length = units.length;
  const sketch = new Int32Array(2 ** (sketchBits - 5));
  let containers = 0;
  let commas = 0;
  let fractions = 0;
  let keys = 0;
  let strings = 0;
  let stringUnits = 0;
  let at = 0;
  while (at < length) {
    const unit = units[at]!;
    if (unit === 0x22) {
      // A loop of its own, not closingQuote: a file's bytes are in shared memory (for the
      // key scan's worker), where a typed array's indexOf takes a slow path, twice as slow
      // over a report as this loop.
      let end = at + 1;
      while (end < length) {
        const next = units[end]!;
        if (next === 0x22) break;
        end += next === 0x5c ? 2 : 1;
      }
      if (end > length) end = length;
      let after = end + 1;
      while (after < length && units[after]! <= 0x20) after += 1;
      if (units[after] === 0x3a) {
        keys += 1;
        // FNV-1a over the key's units, then one bit of the sketch.
        let hash = 0x811c9dc5 | 0;
        for (let index = at + 1; index < end; index += 1) hash = Math.imul(hash ^ units[index]!, 0x01000193);
        const bit = hash >>> (32 - sketchBits);
        sketch[bit >>> 5]! |= 1 << (bit & 31);
      } else {
        strings += 1;
        stringUnits += end - at - 1;
      }
      at = after;
    } else {
      if (unit === 0x2c) commas += 1;
      else if (unit === 0x7b || unit === 0x5b) containers += 1;
      else if (unit === 0x2e || unit === 0x65 || unit === 0x45) fractions += 1;
      at += 1;
    }
  }
  return {
    containers,
    commas,
    fractions,
    keys,
    distinctKeys: Math.min(keys, distinctEstimate(sketch)),
    strings,
    stringUnits,
  };
}

/** Linear counting: n ≈ −m·ln(share of bits unset); a full sketch says "as many as there are". */
function distinctEstimate(sketch: Int32Array): number {
  let set = 0;
  for (const word of sketch) {
    let bits = word;
    while (bits !== 0) {
      bits &= bits - 1;
      set += 1;
    }
  }
  const size = sketch.length * 32;
  if (set === size) return Number.POSITIVE_INFINITY;
  return Math.round(-size * Math.log((size - set) / size));
}

/** Where the largest array of a text starts, and how many items it holds. */
export interface LargestArray {
  /** Unit offset of its `[`. */
  offset: number;
  items: number;
}

/**
 * The array with the most items (the first of equals). Slower than
 * {@link measureJsonShape}, as it keeps a count per open container: it is meant for the
 * rare text with enough commas to hold an array too long for V8.
 */
export function largestArray(units: JsonUnits): LargestArray {
  const length = units.length;
  // Per open container: the offset of its `[` (-1 for an object) and its item count so far.
  let starts: Float64Array = new Float64Array(64);
  let counts: Float64Array = new Float64Array(64);
  let depth = 0;
  let best: LargestArray = { offset: -1, items: 0 };
  let at = 0;
  while (at < length) {
    const unit = units[at]!;
    // The first item of a container: any character but white space or its end.
    if (depth > 0 && counts[depth - 1] === 0 && unit > 0x20 && unit !== 0x5d && unit !== 0x7d) counts[depth - 1] = 1;
    if (unit === 0x22) {
      at = closingQuote(units, at + 1, length) + 1;
      continue;
    }
    if (unit === 0x7b || unit === 0x5b) {
      if (depth === starts.length) {
        starts = grow(starts);
        counts = grow(counts);
      }
      starts[depth] = unit === 0x5b ? at : -1;
      counts[depth] = 0;
      depth += 1;
    } else if (unit === 0x5d || unit === 0x7d) {
      if (depth > 0) {
        depth -= 1;
        if (starts[depth]! >= 0 && counts[depth]! > best.items)
          best = { offset: starts[depth]!, items: counts[depth]! };
      }
    } else if (unit === 0x2c && depth > 0) {
      counts[depth - 1] = counts[depth - 1]! + 1;
    }
    at += 1;
  }
  return best;
}

function grow(stack: Float64Array): Float64Array {
  const larger = new Float64Array(stack.length * 2);
  larger.set(stack);
  return larger;
}
