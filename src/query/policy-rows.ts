import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBInstance, DuckDBResult } from '@duckdb/node-api';
import { CspmError } from '../error/cspm-error.js';
import { datasetTables, type DatasetColumn } from '../model/dataset-columns.js';
import { findDatasetFiles, tablePlace } from './dataset-files.js';
import { describeFilesSql, readFiles } from './dataset-views.js';
import { lockdownStatements, sqlString, startSettings } from './engine-settings.js';
import { loadEngine } from './load-engine.js';
import { defaultMemoryLimit } from './query-limits.js';

/** A value of a row as read: text, a number (whole numbers and times as numbers: epoch milliseconds), or null. */
export type RowValue = string | number | null;

/** The rows of one chunk of the engine (some 2,048). */
export interface RowChunk {
  rows: number;
  /** The names of its columns. */
  names: readonly string[];
  /**
   * A reader of one column's values by row, valid until the next chunk is asked for. A
   * value becomes a JavaScript one only when it is read: a column read on some rows only
   * (a scan's names, on its first) costs only those.
   */
  column(name: string): (row: number) => RowValue;
}

/** How the `policies` table is read. */
export interface PolicyRowsOptions {
  /**
   * `scans` (the default): ordered by account, benchmark, scan time, JobId, then each
   * row's file and place in it, so that a scan's policies keep the order they were
   * written in, with keys that tell where a series, a scan and a category start (see
   * readPolicyRows); `none`: as the files hold them, what reading the dataset once costs.
   */
  order?: 'scans' | 'none';
  /** The engine's memory limit (`1GB`); past it, its sort spills to a private temporary folder. */
  memoryLimit?: string;
  /** The most rows sorted at once (default {@link rowsPerSort}): the accounts are read in ranges of at most so many. */
  rowsPerSort?: number;
}

/** How each type of the registry is read: numbers and times as JavaScript numbers, no BigInt per row. */
function selectColumn(column: DatasetColumn, absent: ReadonlySet<string>): string {
  const name = `"${column.name}"`;
  if (absent.has(column.name)) return `NULL AS ${name}`;
  switch (column.type) {
    case 'timestamp':
      return `CAST(epoch_ms(CAST(${name} AS TIMESTAMP)) AS DOUBLE) AS ${name}`;
    case 'int32':
    case 'int64':
    case 'double':
      return `CAST(${name} AS DOUBLE) AS ${name}`;
    default:
      return `CAST(${name} AS VARCHAR) AS ${name}`;
  }
}

/** The first line of an engine's message. */
function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n', 1)[0] ?? text).trim();
}

/**
 * Every row of a dataset's `policies` table, chunk by chunk as the engine hands them
 * (some 2,048 rows each): never the whole table in this process's memory. The engine is
 * shut in as `query` shuts it (it reads the dataset's files only, writes only what it
 * spills into a private temporary folder, removed at the end, and reaches no network);
 * the sort of `order: 'scans'` spills there past the memory limit. Columns a dataset's
 * files lack because they were added later read as null. Ordered by scans, each row
 * also has the `filename` of its file, which tells apart two copies of one scan, and
 * numbers that change where a new scan (`scan_key`: a hash of the account, benchmark,
 * scan time, JobId and file) or a new category (`category_key`) starts, so that a reader
 * compares one number per row and reads a scan's names once.
 *
 * The sort runs over ranges of accounts of at most `rowsPerSort` rows, one after the
 * other, so that its memory does not grow with the dataset; each range costs the engine
 * one more pass over the files, which it reads far faster than this process converts
 * their values. The rows each statement gives are counted against those the files hold.
 *
 * @throws CspmError `query-engine-missing`, `input-not-found`, `dataset-invalid` (no
 *   dataset there, no policies table, a column missing, a file the engine cannot read),
 *   `query-failed` (the engine stopped before the last row)
 */
export async function* readPolicyRows(path: string, options: PolicyRowsOptions = {}): AsyncGenerator<RowChunk> {
  const engine = await loadEngine();
  const files = await findDatasetFiles(path);
  const place = tablePlace(files, 'policies');
  const paths = files.tables.policies;
  const invalid = (error: unknown): CspmError =>
    error instanceof CspmError
      ? error
      : new CspmError('dataset-invalid', `${place}: ${firstLine(error)}`, { cause: error, data: { path: place } });
  if (paths.length === 0)
    throw new CspmError('dataset-invalid', `${files.path}: no policies table (no *.parquet file at ${place})`, {
      data: { path: files.path },
    });
  const spill = await mkdtemp(join(tmpdir(), 'cspm-dataset-read-'));
  let instance: DuckDBInstance | undefined;
  let connection: DuckDBConnection | undefined;
  try {
    instance = await engine.DuckDBInstance.create(
      ':memory:',
      startSettings(options.memoryLimit ?? defaultMemoryLimit(), spill),
    );
    connection = await instance.connect();
    for (const statement of lockdownStatements(paths)) await connection.run(statement);
    const statements = await readStatements(connection, paths, files.layout, options).catch((error: unknown) => {
      throw invalid(error);
    });
    for (const { sql, rows } of statements) {
      const result = await connection.stream(sql).catch((error: unknown) => {
        throw invalid(error);
      });
      const read = yield* chunksOf(result, invalid);
      // The engine's client ends a failed stream (out of memory, say) as if it were done: count the rows.
      if (read !== rows)
        throw new CspmError('query-failed', `${place}: the engine stopped after ${read} of ${rows} rows`, {
          data: { query: place, reason: `stopped after ${read} of ${rows} rows` },
        });
    }
  } finally {
    connection?.closeSync();
    instance?.closeSync();
    rmSync(spill, { recursive: true, force: true });
  }
}

/** The most rows one ordered statement sorts: the sort's memory stays within it, whatever the dataset's size. */
export const rowsPerSort = 1_000_000;

/** A statement and the rows it must give. */
interface ReadStatement {
  sql: string;
  rows: number;
}

/**
 * The statements that read the table: one, in the files' order; or, ordered by scans,
 * one per range of accounts of at most {@link rowsPerSort} rows (an account of more is a
 * range of its own), each sorted on its own, in order of the accounts.
 */
async function readStatements(
  connection: DuckDBConnection,
  paths: readonly string[],
  layout: 'folder' | 'file',
  options: PolicyRowsOptions,
): Promise<ReadStatement[]> {
  const described = await connection.runAndReadAll(describeFilesSql(paths, layout));
  const held = new Set(described.getRowObjectsJson().map((row) => String(row['column_name'])));
  const columns = datasetTables.policies.columns;
  const missing = columns.filter((column) => !held.has(column.name) && column.addedLater !== true);
  if (missing.length > 0)
    throw new Error(`the policies files have no column ${missing.map((column) => column.name).join(', ')}`);
  const absent = new Set(columns.filter((column) => !held.has(column.name)).map((column) => column.name));
  const select = columns.map((column) => selectColumn(column, absent)).join(', ');
  if (options.order === 'none') {
    const counted = await connection.runAndReadAll(`SELECT count(*) FROM ${readFiles(paths, layout)}`);
    return [{ sql: `SELECT ${select} FROM ${readFiles(paths, layout)}`, rows: Number(counted.getRows()[0]?.[0] ?? 0) }];
  }
  const from = readFiles(paths, layout, ['filename = true', 'file_row_number = true']);
  const keys = [
    'CAST(hash("account_id", "benchmark_id", "scan_time", "job_id", "filename") AS DOUBLE) AS "scan_key"',
    'CAST(hash("category_id", "category_order") AS DOUBLE) AS "category_key"',
  ];
  const accounts = await connection.runAndReadAll(
    `SELECT CAST("account_id" AS VARCHAR), count(*) FROM ${readFiles(paths, layout)} GROUP BY 1 ORDER BY 1`,
  );
  return accountRanges(accounts.getRows() as [string, bigint][], options.rowsPerSort ?? rowsPerSort).map(
    ({ first, last, rows }) => ({
      sql: `SELECT ${select}, "filename", ${keys.join(', ')} FROM ${from} WHERE "account_id" BETWEEN ${sqlString(first)} AND ${sqlString(last)} ORDER BY "account_id", "benchmark_id", "scan_time" NULLS FIRST, "job_id", "filename", "file_row_number"`,
      rows,
    }),
  );
}

/** Consecutive accounts (in the engine's order) gathered into ranges of at most `most` rows. */
function accountRanges(
  accounts: readonly [string, bigint][],
  most: number,
): { first: string; last: string; rows: number }[] {
  const ranges: { first: string; last: string; rows: number }[] = [];
  for (const [account, count] of accounts) {
    const rows = Number(count);
    const range = ranges.at(-1);
    if (range !== undefined && range.rows + rows <= most) {
      range.last = account;
      range.rows += rows;
    } else ranges.push({ first: account, last: account, rows });
  }
  return ranges;
}

/** The chunks of one result; returns the rows they held. */
async function* chunksOf(
  result: DuckDBResult,
  invalid: (error: unknown) => CspmError,
): AsyncGenerator<RowChunk, number> {
  const names = result.columnNames();
  let rows = 0;
  for (;;) {
    const chunk = await result.fetchChunk().catch((error: unknown) => {
      throw invalid(error);
    });
    if (chunk === null || chunk.rowCount === 0) return rows;
    rows += chunk.rowCount;
    yield {
      rows: chunk.rowCount,
      names,
      column(name) {
        const at = names.indexOf(name);
        if (at < 0) return () => null;
        const vector = chunk.getColumnVector(at);
        return (row) => vector.getItem(row) as RowValue;
      },
    };
    // Its memory is the engine's, let go when the garbage collector finalises the chunk: a
    // reader that allocates little would hold thousands of chunks. Reset once read instead.
    chunk.reset();
  }
}
