import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
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
  };
  return { name: column.name, repetition_type, ...physical[column.type] };
}

/** One column's values while a row group fills: typed arrays where no null can come. */
interface ColumnBuffer {
  values: unknown[] | Int32Array | BigInt64Array | Float64Array;
  put(index: number, cell: DatasetCell): void;
}

function columnBuffer(column: DatasetColumn, rows: number): ColumnBuffer {
  if (!column.nullable && column.type === 'int32') {
    const values = new Int32Array(rows);
    return { values, put: (index, cell) => (values[index] = cell as number) };
  }
  if (!column.nullable && column.type === 'int64') {
    const values = new BigInt64Array(rows);
    return { values, put: (index, cell) => (values[index] = BigInt(cell as number)) };
  }
  if (!column.nullable && column.type === 'double') {
    const values = new Float64Array(rows);
    return { values, put: (index, cell) => (values[index] = cell as number) };
  }
  const values = new Array<unknown>(rows);
  if (column.type === 'int64' || column.type === 'timestamp') return { values, put: (index, cell) => (values[index] = cell === null ? null : BigInt(cell)) };
  return { values, put: (index, cell) => (values[index] = cell) };
}

/**
 * The bytes a ParquetWriter appends, handed out after each row group: the writer then
 * starts its buffer again, so a file of any length holds one group's bytes at a time.
 */
class ChunkWriter extends ByteWriter {
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

/**
 * A Parquet file of one dataset table, written row by row: rows are buffered column by
 * column into a row group of {@link rowGroupRows}, which is encoded (dictionary pages
 * for repeated text, snappy) when full; `take` hands out the bytes made so far.
 */
export class ParquetTable {
  private readonly writer = new ChunkWriter();
  private readonly parquet: ParquetWriter;
  private buffers: ColumnBuffer[];
  private filled = 0;
  /** Rows added, over every row group. */
  rows = 0;

  constructor(
    private readonly columns: readonly DatasetColumn[],
    private readonly groupRows = rowGroupRows,
  ) {
    const schema = [{ name: 'root', num_children: columns.length }, ...columns.map(schemaElement)];
    this.parquet = new ParquetWriter({ writer: this.writer, schema: schema as never, createdBy: 'cspm-report' });
    this.buffers = this.freshBuffers();
  }

  private freshBuffers(): ColumnBuffer[] {
    return this.columns.map((column) => columnBuffer(column, this.groupRows));
  }

  /** Adds one row: its cells in the order of the table's columns. */
  add(cells: readonly DatasetCell[]): void {
    for (let index = 0; index < this.buffers.length; index += 1) (this.buffers[index] as ColumnBuffer).put(this.filled, cells[index] as DatasetCell);
    this.filled += 1;
    this.rows += 1;
    if (this.filled === this.groupRows) this.writeGroup();
  }

  private writeGroup(): void {
    if (this.filled === 0) return;
    const size = this.filled;
    const columnData = this.columns.map((column, index) => {
      const { values } = this.buffers[index] as ColumnBuffer;
      return { name: column.name, data: (size === this.groupRows ? values : values.slice(0, size)) as never };
    });
    void this.parquet.write({ columnData, rowGroupSize: size });
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
