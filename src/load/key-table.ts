import { keyText, type JsonUnits, type UnitEncoding } from './json-units.js';
import type { RawDuplicate, RawScan } from './scan-duplicate-keys.js';
import { escapePointerToken } from '../text/pointer-token.js';

/**
 * Integers per key on the stack: hash, start and end (units inside the quotes), 1 if decoded to compare. The scanner
 * writes it as 4.
 */
const stride = 4;
/** Keys an object compares one by one; from this many on, a Map of its keys takes over. */
const linearKeys = 32;

/** A key of a large object: where it first appears, and how often it has. */
interface MappedKey {
  entry: number;
  count: number;
}

/** The 32-bit FNV-1a hash of a string's code units (the scanner hashes plain ASCII keys the same way). */
export function hashText(text: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash;
}

/**
 * The state of {@link scanDuplicateKeys} beside its hot loop: the stacks (the loop reads
 * them through its own variables and asks here to grow them), and the rare work: keys
 * compared or decoded, large objects, repeats recorded with their pointers.
 */
export class KeyTable {
  /** Keys of the open objects, {@link stride} integers each, innermost last. */
  entries: Int32Array<ArrayBuffer> = new Int32Array(256 * stride);
  /**
   * Two integers per open container: the top of `entries` when it opened (an array's as −1 − top), an array's element
   * index.
   */
  frames: Int32Array<ArrayBuffer> = new Int32Array(2 * 64);
  /** The count at which an object moves to a Map: its linear comparisons grow as the square of its keys. */
  readonly mapFrom = linearKeys * stride;
  /** How many open objects have a Map; the loop looks at the maps only when some do. */
  mapDepths = 0;
  private readonly maps: (Map<string, MappedKey> | undefined)[] = [];
  private count = 0;
  private readonly duplicates: RawDuplicate[] = [];

  constructor(
    private readonly units: JsonUnits,
    private readonly encoding: UnitEncoding,
    private readonly limit: number,
  ) {}

  /** The key between `start` and `end`, unescaped. */
  keyAt(start: number, end: number): string {
    return keyText(this.units, this.encoding, start, end);
  }

  growEntries(): Int32Array<ArrayBuffer> {
    this.entries = grown(this.entries);
    return this.entries;
  }

  growFrames(): Int32Array<ArrayBuffer> {
    this.frames = grown(this.frames);
    return this.frames;
  }

  /** Whether the key at `entry` and the one from `start` to `end` are the same key once read. */
  sameKey(entry: number, start: number, end: number, decoded: boolean): boolean {
    const { entries, units } = this;
    const otherStart = entries[entry + 1]!;
    const otherEnd = entries[entry + 2]!;
    if (!decoded && entries[entry + 3] === 0) {
      if (otherEnd - otherStart !== end - start) return false;
      for (let index = 0; index < end - start; index += 1) {
        if (units[start + index] !== units[otherStart + index]) return false;
      }
      return true;
    }
    return this.keyAt(start, end) === this.keyAt(otherStart, otherEnd);
  }

  /**
   * Records the key opened by the quote at `at` as a repeat of the one at `first` (the first equal key of its object).
   */
  repeated(first: number, top: number, at: number, end: number, decoded: boolean, depth: number): void {
    let occurrence = 2;
    for (let entry = first + stride; entry < top; entry += stride) {
      if (this.entries[entry] === this.entries[first] && this.sameKey(entry, at + 1, end, decoded)) occurrence += 1;
    }
    this.record(first, occurrence, at, end, depth);
  }

  hasMap(depth: number): boolean {
    return this.maps[depth] !== undefined;
  }

  /** The object at `depth` has grown large: its keys so far go into a Map. */
  startMap(depth: number, base: number, top: number): void {
    const map = new Map<string, MappedKey>();
    for (let entry = base; entry < top; entry += stride) {
      const key = this.keyAt(this.entries[entry + 1]!, this.entries[entry + 2]!);
      const known = map.get(key);
      if (known) known.count += 1;
      else map.set(key, { entry, count: 1 });
    }
    this.maps[depth] = map;
    this.mapDepths += 1;
  }

  /**
   * Looks the key opened by the quote at `at` up in its object's Map, and adds it (its entry goes on the stack at
   * `top`).
   */
  lookUp(at: number, end: number, top: number, depth: number): void {
    const map = this.maps[depth]!;
    const key = this.keyAt(at + 1, end);
    const known = map.get(key);
    if (!known) {
      map.set(key, { entry: top, count: 1 });
      return;
    }
    known.count += 1;
    this.record(known.entry, known.count, at, end, depth);
  }

  /** The object at `depth` has closed. */
  endMap(depth: number): void {
    if (this.maps[depth] === undefined) return;
    this.maps[depth] = undefined;
    this.mapDepths -= 1;
  }

  result(): RawScan {
    return { count: this.count, duplicates: this.duplicates };
  }

  private record(first: number, occurrence: number, at: number, end: number, depth: number): void {
    this.count += 1;
    if (this.duplicates.length >= this.limit) return;
    const key = this.keyAt(at + 1, end);
    this.duplicates.push({
      key,
      pointer: `${this.pointerTo(depth)}/${escapePointerToken(key)}`,
      occurrence,
      first: this.entries[first + 1]! - 1,
      repeat: at,
    });
  }

  /**
   * The pointer of the object at `depth` (1 = the outermost container). An enclosing
   * object's member is its last key on the stack, just below where the container it
   * holds started; an enclosing array's element is its frame's index.
   */
  private pointerTo(depth: number): string {
    const { entries, frames } = this;
    let pointer = '';
    for (let level = 0; level < depth - 1; level += 1) {
      if (frames[2 * level]! < 0) {
        pointer += `/${frames[2 * level + 1]!}`;
      } else {
        const inner = frames[2 * level + 2]!;
        const member = (inner < 0 ? -1 - inner : inner) - stride;
        pointer += `/${escapePointerToken(this.keyAt(entries[member + 1]!, entries[member + 2]!))}`;
      }
    }
    return pointer;
  }
}

function grown(array: Int32Array): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}
