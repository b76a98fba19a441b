import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { CspmError } from '../../error/cspm-error.js';
import type { DatasetColumn, DatasetColumnType } from '../../model/dataset-columns.js';

/** A cell of a dataset row, as the column registry types it; null only where a column is nullable. */
export type DatasetCell = string | number | null;

/**
 * Rows per row group. A scanner (DuckDB, Athena, Trino, Spark) reads a row group as its
 * unit of work and skips one by its statistics: groups of tens of thousands to a
 * million rows are what they are tuned for. 100,000 policy rows are some 2 to 4 MB
 * compressed and about 40 MB while buffered, so a file of one report of 300,000
 * policies has three groups, and memory stays flat however many rows a file gets.
 */
export const rowGroupRows = 100_000;

/** The Parquet schema element of a column (the logical types DuckDB reads as VARCHAR, INTEGER, BIGINT, DOUBLE, TIMESTAMP). */
function schemaElement(column: DatasetColumn): Record<string, unknown> {
  const repetition_type = column.nullable ? 'OPTIONAL' : 'REQUIRED';
  const physical: Record<DatasetColumnType, Record<string, unknown>> = {
    string: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
    int32: { type: 'INT32' },
    int64: { type: 'INT64' },
    double: { type: 'DOUBLE' },
    // Milliseconds since the epoch, UTC: the report's dates carry no finer part that matters.
    timestamp: { type: 'INT64', converted_type: 'TIMESTAMP_MILLIS' },
    // Days since the epoch. No table column is a date today (scan_date is a partition folder).
    date: { type: 'INT32', converted_type: 'DATE' },
  };
  return { name: column.name, repetition_type, ...physical[column.type] };
}

/** One column's cells while a row group fills, and how they are handed to the writer. */
interface ColumnBuffer {
  cells: DatasetCell[];
  put(cell: DatasetCell): void;
  /** The cells as the writer takes them: typed arrays where no null can come, bigints for 64-bit columns. */
  data(): DecodedArray;
}

type DecodedArray = unknown[] | Int32Array | BigInt64Array | Float64Array;

/** The largest magnitude a Parquet INT64 holds, as a number. */
const int64Limit = 2 ** 63;

/**
 * A whole number as a 64-bit integer. One past what 64 bits hold (a JSON number such as
 * 1e20, which the schema allows for ControlCategoryOrder) is refused: the writer would
 * store it wrapped around, another number, without a word.
 */
function int64Of(value: number): bigint {
  if (!(Math.abs(value) < int64Limit)) throw new CspmError('usage', `the number ${value} is past the 64-bit integers a Parquet column holds; the other formats show it as it is`, { data: { value: String(value) } });
  return BigInt(value);
}

/** 64-bit cells as bigints, each distinct run of equal values one bigint: a report's rows share its scan time. */
function bigints(cells: readonly DatasetCell[]): (bigint | null)[] {
  let last: DatasetCell | undefined;
  let made: bigint | null = null;
  return cells.map((cell) => {
    if (cell !== last) [last, made] = [cell, cell === null ? null : int64Of(cell as number)];
    return made;
  });
}

/**
 * Whole numbers as a BigInt64Array, written as two 32-bit halves: no bigint is made per
 * cell (600,000 of them for the resource counts of 300,000 policies). Little-endian, as
 * Parquet and every platform Node.js runs on are.
 */
function int64Array(cells: readonly DatasetCell[]): BigInt64Array {
  const values = new BigInt64Array(cells.length);
  const halves = new Int32Array(values.buffer);
  for (let index = 0; index < cells.length; index += 1) {
    const value = cells[index] as number;
    // Past 2^53 the halves lose the low bits: such a number goes through a bigint.
    if (!Number.isSafeInteger(value)) {
      values[index] = int64Of(value);
      continue;
    }
    halves[2 * index] = value % 0x1_0000_0000 | 0;
    halves[2 * index + 1] = Math.floor(value / 0x1_0000_0000);
  }
  return values;
}

/** How the cells of a column of each type are handed to the writer. */
function dataOf(column: DatasetColumn, cells: DatasetCell[]): DecodedArray {
  if (column.type === 'int32') return column.nullable ? cells : Int32Array.from(cells as number[]);
  if (column.type === 'double') return column.nullable ? cells : Float64Array.from(cells as number[]);
  if (column.type === 'int64' && !column.nullable) return int64Array(cells);
  return column.type === 'string' ? cells : bigints(cells);
}

/**
 * A column's buffer, grown row by row rather than allocated for a whole group: a part
 * of a few rows (the figures of one scan) then costs a few rows, and so does each of the
 * parts a run keeps open at once.
 */
function columnBuffer(column: DatasetColumn): ColumnBuffer {
  const cells: DatasetCell[] = [];
  const data = (): DecodedArray => dataOf(column, cells);
  if (column.type !== 'string') return { cells, put: (cell) => cells.push(cell), data };
  // One string per distinct value in the group: the rows of a thousand files of one
  // benchmark repeat the same titles and names, each file its own copy.
  // The last value is kept apart: most columns repeat it row after row (a report's and a
  // category's names), and a comparison costs less than a lookup.
  const shared = new Map<string, string>();
  let last: DatasetCell = null;
  return {
    cells,
    put: (cell) => {
      if (typeof cell !== 'string' || cell === last) {
        cells.push(typeof cell === 'string' ? last : cell);
        return;
      }
      let known = shared.get(cell);
      if (known === undefined) shared.set(cell, (known = cell));
      last = known;
      cells.push(known);
    },
    data,
  };
}

/**
 * The bytes a ParquetWriter appends, handed out after each row group: the writer then
 * starts its buffer again, so a file of any length holds one group's bytes at a time.
 */
export class ChunkWriter extends ByteWriter {
  private readonly chunks: Uint8Array[] = [];

  flush(): void {
    if (this.index === 0) return;
    this.chunks.push(new Uint8Array(this.buffer.slice(0, this.index)));
    this.index = 0;
  }

  override finish(): void {
    this.flush();
  }

  /** The bytes written since the last call. */
  take(): Uint8Array[] {
    return this.chunks.splice(0);
  }
}

/** How one cell of a row is read from what the row is made of. */
export type CellReader<Source> = (source: Source) => DatasetCell;

/**
 * A Parquet file of one dataset table, written row by row: each row's cells are read
 * straight into column buffers (no array per row: at 300,000 rows those were a third of
 * the time, in the collector), a row group of {@link rowGroupRows} is encoded
 * (dictionary pages for repeated text, snappy) when full, and `take` hands out the
 * bytes made so far.
 */
export class ParquetTable<Source> {
  private readonly writer = new ChunkWriter();
  private readonly parquet: ParquetWriter;
  private buffers: ColumnBuffer[];
  private filled = 0;
  /** Rows added, over every row group. */
  rows = 0;

  /**
   * @param columns the table's columns, in order
   * @param readers how each column's cell is read from a row's source, in the same order
   */
  constructor(
    private readonly columns: readonly DatasetColumn[],
    private readonly readers: readonly CellReader<Source>[],
    private readonly groupRows = rowGroupRows,
  ) {
    const schema = [{ name: 'root', num_children: columns.length }, ...columns.map(schemaElement)];
    this.parquet = new ParquetWriter({ writer: this.writer, schema: schema as never, createdBy: 'cspm-report' });
    this.buffers = this.freshBuffers();
  }

  private freshBuffers(): ColumnBuffer[] {
    return this.columns.map(columnBuffer);
  }

  /** Adds the row of one source. */
  add(source: Source): void {
    for (let index = 0; index < this.buffers.length; index += 1) (this.buffers[index] as ColumnBuffer).put((this.readers[index] as CellReader<Source>)(source));
    this.filled += 1;
    this.rows += 1;
    if (this.filled === this.groupRows) this.writeGroup();
  }

  /** Rows added since the last row group was written. */
  get buffered(): number {
    return this.filled;
  }

  /** Ends the row group now, however few rows it has: a caller over many parts keeps their rows within a budget so. */
  writeGroup(): void {
    if (this.filled === 0) return;
    const columnData = this.columns.map((column, index) => ({ name: column.name, data: (this.buffers[index] as ColumnBuffer).data() as never }));
    void this.parquet.write({ columnData, rowGroupSize: this.filled });
    this.filled = 0;
    this.buffers = this.freshBuffers();
  }

  /** The bytes of the file made so far (whole row groups), handed out once. */
  take(): Uint8Array[] {
    return this.writer.take();
  }

  /** Writes the last row group and the footer; returns the bytes not yet taken. */
  finish(): Uint8Array[] {
    this.writeGroup();
    void this.parquet.finish();
    return this.writer.take();
  }
}
