import { CspmError } from '../../error/cspm-error.js';
import type { DatasetColumn, DatasetColumnType } from '../../model/dataset-columns.js';

/** A cell of a dataset row, as the column registry types it; null only where a column is nullable. */
export type DatasetCell = string | number | null;

/** Bytes a column chunk is written from, and the statistics of its values. */
export interface EncodedColumn {
  /** Cells in the chunk, nulls included. */
  rows: number;
  /** One byte per row, 1 where the cell holds a value: set only for a nullable column. */
  defined: Uint8Array | undefined;
  nullCount: number;
  /** The dictionary page's values, PLAIN-encoded: only for text columns. */
  dictionary?: { bytes: Uint8Array; count: number };
  /**
   * The values of the data pages: dictionary indexes, or the values PLAIN-encoded, `width` bytes each (0: text, each
   * with its length).
   */
  values: { indexes: Int32Array; bitWidth: number } | { plain: Uint8Array; width: number };
  /**
   * The least and greatest values, as the writer takes them for statistics (text in UTF-8 byte order); undefined when
   * every cell is null.
   */
  min: string | number | undefined;
  max: string | number | undefined;
}

/** A column's cells while a row group fills. */
export interface ColumnEncoder {
  /** Adds one cell. */
  put(cell: DatasetCell): void;
  /** Adds `count` cells equal to `cell`. */
  putRepeated(cell: DatasetCell, count: number): void;
  /** Adds the cell `read` gives of each of `rows[from, to)`. */
  putEach<Row>(rows: readonly Row[], from: number, to: number, read: (row: Row) => DatasetCell): void;
  /** The chunk's bytes and statistics; the encoder then starts a new chunk. */
  encode(): EncodedColumn;
}

/** Room for cells: typed arrays grow by doubling, so a part of a few rows costs a few rows. */
const firstCapacity = 256;

function grownInt32(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (length < array.length) return array;
  const grown = new Int32Array(Math.max(array.length * 2, length + 1));
  grown.set(array);
  return grown;
}

function grownBytes(array: Uint8Array<ArrayBuffer>, length: number): Uint8Array<ArrayBuffer> {
  if (length < array.length) return array;
  const grown = new Uint8Array(Math.max(array.length * 2, length + 1));
  grown.set(array);
  return grown;
}

/** The largest magnitude a Parquet INT64 holds, as a number. */
const int64Limit = 2 ** 63;

/**
 * Whole numbers as 64-bit little-endian integers, written as two 32-bit halves: no
 * bigint is made per cell. One past what 64 bits hold (a JSON number such as 1e20,
 * which the schema allows for ControlCategoryOrder) is refused: stored, it would be
 * another number, without a word.
 */
function int64Bytes(values: readonly number[]): Uint8Array {
  const count = values.length;
  const halves = new Int32Array(2 * count);
  for (let index = 0; index < count; index += 1) {
    const value = values[index] as number;
    if (!Number.isSafeInteger(value)) {
      if (!(Math.abs(value) < int64Limit))
        throw new CspmError(
          'usage',
          `the number ${value} is past the 64-bit integers a Parquet column holds; the other formats show it as it is`,
          { data: { value: String(value) } },
        );
      // Past 2^53 the halves would lose the low bits: such a number goes through a bigint.
      new BigInt64Array(halves.buffer, 8 * index, 1)[0] = BigInt(value);
      continue;
    }
    halves[2 * index] = (value % 0x1_0000_0000) | 0;
    halves[2 * index + 1] = Math.floor(value / 0x1_0000_0000);
  }
  return new Uint8Array(halves.buffer);
}

/**
 * How the numbers of each numeric type are laid out in a PLAIN page (little-endian, as Parquet and every platform
 * Node.js runs on are).
 */
const numberLayouts: Record<Exclude<DatasetColumnType, 'string'>, (values: readonly number[]) => Uint8Array> = {
  int32: (values) => new Uint8Array(Int32Array.from(values).buffer),
  int64: int64Bytes,
  timestamp: int64Bytes,
  date: (values) => new Uint8Array(Int32Array.from(values).buffer),
  double: (values) => new Uint8Array(Float64Array.from(values).buffer),
};

/** Matches a UTF-16 surrogate: where JavaScript's `<` orders strings otherwise than their UTF-8 bytes. */
const surrogate = /[\ud800-\udfff]/;

/**
 * Texts PLAIN-encoded (each a little-endian length, then its UTF-8 bytes), and the least and greatest of them in UTF-8
 * byte order.
 */
function plainTexts(texts: readonly string[]): { bytes: Uint8Array; min: string | undefined; max: string | undefined } {
  return asciiTexts(texts) ?? anyTexts(texts);
}

/**
 * The four bytes of a little-endian length as Latin-1 characters, and how many of them are past ASCII (UTF-8 would
 * take two bytes for each), by length: lengths repeat.
 */
const lengthPrefixes: { text: string; wide: number }[] = [];

function lengthPrefix(length: number): { text: string; wide: number } {
  const made = lengthPrefixes[length];
  if (made !== undefined) return made;
  const bytes = [length & 0xff, (length >>> 8) & 0xff, (length >>> 16) & 0xff, length >>> 24];
  const prefix = { text: String.fromCharCode(...bytes), wide: bytes.filter((byte) => byte >= 0x80).length };
  if (length < 0x10000) lengthPrefixes[length] = prefix;
  return prefix;
}

/** Texts laid out a thousand at a time: joining all of a row group's distinct titles at once took twice as long. */
const textsAPiece = 1024;

/**
 * Texts of ASCII only, laid out with their lengths as strings of Latin-1 characters (a
 * byte each), a piece at a time, each piece encoded in one call; undefined as soon as a
 * piece holds more than ASCII (its UTF-8 is then longer than its characters and the
 * lengths' bytes past ASCII). Encoding each text on its own took four times as long for
 * a column of distinct titles.
 */
function asciiTexts(
  texts: readonly string[],
): { bytes: Uint8Array; min: string | undefined; max: string | undefined } | undefined {
  let total = 4 * texts.length;
  for (const text of texts) total += text.length;
  const bytes = Buffer.allocUnsafe(total);
  let at = 0;
  let min = texts[0];
  let max = min;
  const piece: string[] = [];
  for (let from = 0; from < texts.length; from += textsAPiece) {
    piece.length = 0;
    let wide = 0;
    for (let index = from; index < Math.min(texts.length, from + textsAPiece); index += 1) {
      const text = texts[index]!;
      const prefix = lengthPrefix(text.length);
      piece.push(prefix.text, text);
      wide += prefix.wide;
      // For ASCII, `<` orders as the bytes do.
      if (text < min!) min = text;
      else if (text > max!) max = text;
    }
    const laidOut = piece.join('');
    if (Buffer.byteLength(laidOut, 'utf8') !== laidOut.length + wide) return undefined;
    at += bytes.write(laidOut, at, 'latin1');
  }
  return { bytes, min, max };
}

/** Texts of any characters, encoded one by one. */
function anyTexts(texts: readonly string[]): { bytes: Uint8Array; min: string | undefined; max: string | undefined } {
  // A UTF-16 unit never takes more than three bytes.
  let room = 4 * texts.length;
  for (const text of texts) room += 3 * text.length;
  const bytes = Buffer.allocUnsafe(room);
  let at = 0;
  let min = -1;
  let max = -1;
  // The bytes of min and max, for a comparison where `<` would order otherwise.
  let [minStart, minEnd, maxStart, maxEnd] = [0, 0, 0, 0];
  // Whether min and max order by `<` as their bytes do.
  let plainOrder = true;
  for (let index = 0; index < texts.length; index += 1) {
    const text = texts[index] as string;
    const written = bytes.write(text, at + 4, 'utf8');
    bytes.writeUInt32LE(written, at);
    const start = at + 4;
    at = start + written;
    const simple = written === text.length || !surrogate.test(text);
    if (index === 0) {
      [min, max, minStart, minEnd, maxStart, maxEnd] = [0, 0, start, at, start, at];
      plainOrder = simple;
      continue;
    }
    plainOrder &&= simple;
    const below = plainOrder ? text < (texts[min] as string) : bytes.compare(bytes, minStart, minEnd, start, at) < 0;
    const above =
      !below && (plainOrder ? text > (texts[max] as string) : bytes.compare(bytes, maxStart, maxEnd, start, at) > 0);
    if (below) [min, minStart, minEnd] = [index, start, at];
    if (above) [max, maxStart, maxEnd] = [index, start, at];
  }
  return { bytes: bytes.subarray(0, at), min: texts[min], max: texts[max] };
}

/**
 * Numbers PLAIN-encoded as the column's type lays them out, and the least and greatest of them (NaN left out, as the
 * format asks).
 */
function plainNumbers(
  type: Exclude<DatasetColumnType, 'string'>,
  numbers: readonly number[],
): { bytes: Uint8Array; min: number | undefined; max: number | undefined } {
  let [min, max] = [Infinity, -Infinity];
  for (const value of numbers) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const some = min <= max;
  // Statistics write -0 as the least zero and +0 as the greatest, as the format asks.
  return {
    bytes: numberLayouts[type](numbers),
    min: some ? (min === 0 ? -0 : min) : undefined,
    max: some ? (max === 0 ? 0 : max) : undefined,
  };
}

/** The bytes a value of each type takes PLAIN-encoded; 0 for text, which takes its length and its bytes. */
const plainWidths: Record<DatasetColumnType, number> = {
  string: 0,
  int32: 4,
  date: 4,
  int64: 8,
  timestamp: 8,
  double: 8,
};

/** The values of a chunk PLAIN-encoded with their statistics, by the column's type. */
function plainValues(
  column: DatasetColumn,
  values: readonly (string | number)[],
): { bytes: Uint8Array; min: string | number | undefined; max: string | number | undefined } {
  return column.type === 'string' ? plainTexts(values as string[]) : plainNumbers(column.type, values as number[]);
}

/**
 * The most bytes of distinct values a chunk's dictionary holds (counted as UTF-16 units
 * for text, eight a number): past it the chunk is written PLAIN, as Parquet's reference
 * writer does past its 1 MiB dictionary page. A column of mostly distinct titles then
 * stops paying a lookup per cell for a dictionary it would not use.
 */
export const dictionaryLimit = 2 ** 20;

/**
 * Cells after which a chunk whose values were nearly all distinct (nine in ten) goes on
 * PLAIN without waiting for the limit: a column of distinct titles. A fleet's repeated
 * titles have repeated by then (a report holds some hundreds of policies).
 */
const sampleCells = 4096;

/**
 * A column's cells, dictionary-encoded while they come: each distinct value of the
 * chunk is kept once (a report's names repeat on each of its rows, a benchmark's titles
 * and resource counts in each of its accounts) and each cell becomes an index into
 * them. The value of the row before is looked at first: most columns repeat it row
 * after row, and a comparison costs less than a lookup. A chunk of mostly distinct
 * values, or of more than {@link dictionaryLimit}, is written PLAIN instead; statistics
 * are taken over the distinct values, never over every cell.
 */
class DictionaryEncoder implements ColumnEncoder {
  private indexes = new Int32Array(firstCapacity);
  private defined: Uint8Array<ArrayBuffer> | undefined;
  private values: (string | number)[] = [];
  private known = new Map<string | number, number>();
  private dictionaryBytes = 0;
  /** The cells themselves, once the dictionary has grown past its limit. */
  private plain: (string | number)[] | undefined;
  private last: string | number | undefined;
  private lastIndex = 0;
  private count = 0;
  private rows = 0;

  constructor(private readonly column: DatasetColumn) {
    if (column.nullable) this.defined = new Uint8Array(firstCapacity);
  }

  put(cell: DatasetCell): void {
    this.putRepeated(cell, 1);
  }

  putEach<Row>(rows: readonly Row[], from: number, to: number, read: (row: Row) => DatasetCell): void {
    let row = from;
    // The common case (no null, a dictionary) in a loop of locals: a call to put a cell cost as much as the rest.
    if (this.defined === undefined && this.plain === undefined) {
      this.indexes = grownInt32(this.indexes, this.count + (to - from));
      const { indexes } = this;
      let { count, last, lastIndex } = this;
      let outgrown = false;
      while (row < to) {
        const value = read(rows[row++] as Row) as string | number;
        if (value !== last) {
          lastIndex = this.indexOf(value);
          last = value;
        }
        indexes[count++] = lastIndex;
        if (this.outgrown(count)) {
          outgrown = true;
          break;
        }
      }
      this.rows += count - this.count;
      this.count = count;
      if (outgrown) this.toPlain();
    }
    for (; row < to; row += 1) this.put(read(rows[row] as Row));
  }

  putRepeated(cell: DatasetCell, count: number): void {
    const from = this.rows;
    this.rows += count;
    if (this.defined !== undefined) {
      this.defined = grownBytes(this.defined, this.rows);
      if (cell === null) return;
      this.defined.fill(1, from, this.rows);
    }
    if (this.plain !== undefined) {
      for (let added = 0; added < count; added += 1) this.plain.push(cell as string | number);
      this.count += count;
      return;
    }
    const index = cell === this.last ? this.lastIndex : this.indexOf(cell as string | number);
    this.indexes = grownInt32(this.indexes, this.count + count);
    this.indexes.fill(index, this.count, this.count + count);
    this.count += count;
    if (this.outgrown(this.count)) this.toPlain();
  }

  /** The index of a value in the dictionary, which it joins if new; the value is then the last one put. */
  private indexOf(value: string | number): number {
    let index = this.known.get(value);
    if (index === undefined) {
      index = this.values.length;
      this.values.push(value);
      this.known.set(value, index);
      this.dictionaryBytes += typeof value === 'string' ? value.length : 8;
    }
    this.last = value;
    this.lastIndex = index;
    return index;
  }

  /**
   * Whether the dictionary has passed its limit, or the chunk's first {@link sampleCells} cells (`count` now) were
   * nearly all distinct.
   */
  private outgrown(count: number): boolean {
    return (
      this.dictionaryBytes > dictionaryLimit || (count === sampleCells && 10 * this.values.length > 9 * sampleCells)
    );
  }

  /** Goes on with the cells themselves: the ones so far gathered from the dictionary, which is let go. */
  private toPlain(): void {
    const { values } = this;
    this.plain = Array.from(this.indexes.subarray(0, this.count), (index) => values[index] as string | number);
    this.values = [];
    this.known = new Map();
    this.last = undefined;
  }

  encode(): EncodedColumn {
    const { values, count, plain } = this;
    const indexes = this.indexes.subarray(0, count);
    const common = { rows: this.rows, defined: this.defined?.subarray(0, this.rows), nullCount: this.rows - count };
    this.restart();
    // A dictionary pays when values repeat: at most one distinct value in two cells.
    if (plain === undefined && (2 * values.length <= count || values.length <= 1)) {
      const { bytes, min, max } = plainValues(this.column, values);
      const bitWidth = values.length <= 1 ? 0 : 32 - Math.clz32(values.length - 1);
      return { ...common, dictionary: { bytes, count: values.length }, values: { indexes, bitWidth }, min, max };
    }
    const cells = plain ?? Array.from(indexes, (index) => values[index] as string | number);
    const { bytes, min, max } = plainValues(this.column, cells);
    return { ...common, values: { plain: bytes, width: plainWidths[this.column.type] }, min, max };
  }

  private restart(): void {
    this.indexes = new Int32Array(firstCapacity);
    if (this.defined !== undefined) this.defined = new Uint8Array(firstCapacity);
    this.values = [];
    this.known = new Map();
    this.dictionaryBytes = 0;
    this.plain = undefined;
    this.last = undefined;
    this.count = 0;
    this.rows = 0;
  }
}

/** The encoder of a column of the registry. */
export function columnEncoder(column: DatasetColumn): ColumnEncoder {
  return new DictionaryEncoder(column);
}
