import type { JsonShape } from './json-shape.js';
import type { JsonUnits } from './json-units.js';

/**
 * A shape no smaller, in any count, than {@link measureJsonShape}'s of the same text,
 * from counts of single characters wherever they stand, strings included: about a
 * third of the measure's time, as it follows no string and hashes no key. Each count
 * holds because the measure counts
 * - objects and arrays: `{` and `[` outside strings;
 * - commas, and decimal points and exponent letters: those outside strings;
 * - keys, and so keys that differ: one per colon that follows a key;
 * - strings: one each (keys too) from a quote to the next unescaped one, which are two
 *   quotes of the text but for a last string left open, so at most (quotes + 1) / 2;
 * - their units: units between those quotes, ranges apart, so at most the text's.
 * A text whose bound fits the heap therefore fits by the measure too.
 *
 * @param units  the text's units: UTF-8 bytes, or UTF-16 code units
 * @param counts how many times each unit occurs in them, if counted already (see countUnits)
 */
export function boundJsonShape(units: JsonUnits, counts = countUnits(units)): JsonShape {
  const count = (character: string): number => counts[character.charCodeAt(0)]!;
  const containers = count('{') + count('[');
  const keys = count(':');
  return {
    containers,
    commas: count(','),
    fractions: count('.') + count('e') + count('E'),
    keys,
    distinctKeys: keys,
    strings: Math.ceil((count('"') + 1) / 2),
    stringUnits: units.length,
  };
}

/**
 * How many times each unit occurs from `from` to `to`, by unit (256 counts for bytes,
 * 65,536 for UTF-16). Four tables, each counting one unit of four, then added up: one
 * table makes each count wait for the one before when a unit repeats (a run of
 * spaces), which made the loop half as fast. Bytes are read four at a time, as one
 * 32-bit word, a fifth faster than one by one.
 */
export function countUnits(units: JsonUnits, from = 0, to = units.length): Uint32Array {
  const size = units instanceof Uint8Array ? 2 ** 8 : 2 ** 16;
  const first = new Uint32Array(size);
  const second = new Uint32Array(size);
  const third = new Uint32Array(size);
  const fourth = new Uint32Array(size);
  let at = from;
  if (units instanceof Uint8Array) {
    // Up to the first byte at a multiple of four in its buffer: words are read aligned.
    // The order of a word's bytes does not matter, as the four tables are added up.
    while (at < to && (units.byteOffset + at) % 4 !== 0) first[units[at++]!]! += 1;
    const words = new Uint32Array(units.buffer, units.byteOffset + at, Math.floor((to - at) / 4));
    for (let index = 0; index < words.length; index += 1) {
      const word = words[index]!;
      first[word & 0xff]! += 1;
      second[(word >>> 8) & 0xff]! += 1;
      third[(word >>> 16) & 0xff]! += 1;
      fourth[word >>> 24]! += 1;
    }
    at += 4 * words.length;
  } else {
    for (const whole = to - ((to - at) % 4); at < whole; at += 4) {
      first[units[at]!]! += 1;
      second[units[at + 1]!]! += 1;
      third[units[at + 2]!]! += 1;
      fourth[units[at + 3]!]! += 1;
    }
  }
  for (; at < to; at += 1) first[units[at]!]! += 1;
  addCounts(first, second);
  addCounts(first, third);
  addCounts(first, fourth);
  return first;
}

/** Adds `more` into `into`, unit by unit: the counts of two ranges of one text. */
export function addCounts(into: Uint32Array, more: Uint32Array): Uint32Array {
  for (let unit = 0; unit < into.length; unit += 1) into[unit]! += more[unit]!;
  return into;
}
