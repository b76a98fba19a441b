import type { RowGroup, SchemaElement } from 'hyparquet';
import type { DatasetColumn, DatasetColumnType } from '../../model/dataset-columns.js';
import { writeColumnChunk } from './column-chunk.js';
import { ChunkWriter, writeMetadata } from './hyparquet-writer-internals.js';
import { columnEncoder, type ColumnEncoder } from './column-encoders.js';
import type { ColumnReader } from './dataset-rows.js';

export type { DatasetCell } from './column-encoders.js';

/**
 * Rows per row group. A scanner (DuckDB, Athena, Trino, Spark) reads a row group as its
 * unit of work and skips one by its statistics: groups of tens of thousands to a
 * million rows are what they are tuned for. 100,000 policy rows are some 2 to 4 MB
 * compressed and about 40 MB while buffered, so a file of one report of 300,000
 * policies has three groups, and memory stays flat however many rows a file gets.
 */
export const rowGroupRows = 100_000;

/**
 * The Parquet schema element of a column (the logical types DuckDB reads as VARCHAR, INTEGER, BIGINT, DOUBLE,
 * TIMESTAMP).
 */
function schemaElement(column: DatasetColumn): SchemaElement {
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
  return { name: column.name, repetition_type, ...physical[column.type] } as SchemaElement;
}

/** "PAR1", as a little-endian 32-bit number: the mark a Parquet file opens and ends with. */
const parquetMagic = 0x31524150;

/**
 * A Parquet file of one dataset table, written a run of rows at a time (the policies of
 * one category): a cell the rows of a run share is read once and repeated, the others
 * are read row by row straight into column encoders, which build each column's
 * dictionary and statistics as the cells come. A row group of {@link rowGroupRows} is
 * written (dictionary pages, snappy) when full, and `take` hands out the bytes made so
 * far.
 */
export class ParquetTable<Shared, Row> {
  private readonly writer = new ChunkWriter();
  private readonly schema: SchemaElement[];
  private readonly encoders: ColumnEncoder[];
  private readonly rowGroups: RowGroup[] = [];
  private filled = 0;
  /** Rows added, over every row group. */
  rows = 0;

  /**
   * @param columns the table's columns, in order
   * @param readers how each column's cells are read, in the same order
   */
  constructor(
    columns: readonly DatasetColumn[],
    private readonly readers: readonly ColumnReader<Shared, Row>[],
    private readonly groupRows = rowGroupRows,
  ) {
    this.schema = [{ name: 'root', num_children: columns.length }, ...columns.map(schemaElement)];
    this.encoders = columns.map(columnEncoder);
    this.writer.appendUint32(parquetMagic);
  }

  /**
   * Adds rows that share `shared`, in their order; a run longer than the room left in the row group goes on in the
   * next.
   */
  addRun(shared: Shared, rows: readonly Row[]): void {
    let from = 0;
    while (from < rows.length) {
      const count = Math.min(rows.length - from, this.groupRows - this.filled);
      for (let column = 0; column < this.encoders.length; column += 1) {
        const encoder = this.encoders[column] as ColumnEncoder;
        const reader = this.readers[column] as ColumnReader<Shared, Row>;
        if ('perRun' in reader) {
          encoder.putRepeated(reader.perRun(shared), count);
          continue;
        }
        encoder.putEach(rows, from, from + count, 'perRow' in reader ? reader.perRow : reader.perRowOf(shared));
      }
      from += count;
      this.filled += count;
      this.rows += count;
      if (this.filled === this.groupRows) this.writeGroup();
    }
  }

  /** Rows added since the last row group was written. */
  get buffered(): number {
    return this.filled;
  }

  /** Ends the row group now, however few rows it has: a caller over many parts keeps their rows within a budget so. */
  writeGroup(): void {
    if (this.filled === 0) return;
    const start = this.writer.offset;
    const columns = this.encoders.map((encoder, index) =>
      writeColumnChunk(this.writer, this.schema[index + 1] as SchemaElement, encoder.encode()),
    );
    let uncompressed = 0n;
    for (const { meta_data } of columns) uncompressed += meta_data?.total_uncompressed_size ?? 0n;
    this.rowGroups.push({
      columns,
      total_byte_size: uncompressed,
      num_rows: BigInt(this.filled),
      total_compressed_size: BigInt(this.writer.offset - start),
    });
    this.writer.flush();
    this.filled = 0;
  }

  /** The bytes of the file made so far (whole row groups), handed out once. */
  take(): Uint8Array[] {
    return this.writer.take();
  }

  /**
   * Writes the last row group and the footer, with `keyValues` as the file's key-value
   * metadata when given; returns the bytes not yet taken.
   */
  finish(keyValues?: readonly { key: string; value: string }[]): Uint8Array[] {
    this.writeGroup();
    const num_rows = this.rowGroups.reduce((sum, group) => sum + group.num_rows, 0n);
    writeMetadata(this.writer, {
      version: 2,
      created_by: 'cspm-report',
      schema: this.schema,
      num_rows,
      row_groups: this.rowGroups,
      ...(keyValues === undefined ? {} : { key_value_metadata: keyValues }),
    } as never);
    this.writer.appendUint32(parquetMagic);
    this.writer.flush();
    return this.writer.take();
  }
}
