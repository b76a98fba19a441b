import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBInstance, DuckDBResult } from '@duckdb/node-api';
import { CspmError } from '../error/cspm-error.js';
import { datasetTables, type DatasetColumn } from '../model/dataset-columns.js';
import { findDatasetFiles, tablePlace } from './dataset-files.js';
import { describeFilesSql, readFiles } from './dataset-views.js';
import { lockdownStatements, startSettings } from './engine-settings.js';
import { loadEngine } from './load-engine.js';
import { defaultMemoryLimit } from './query-limits.js';

/** A value of a row as read: text, a number (whole numbers and times as numbers: epoch milliseconds), or null. */
export type RowValue = string | number | null;

/** The rows of one chunk of the engine, a column at a time (`columns[name][row]`). */
export interface RowChunk {
  rows: number;
  columns: Readonly<Record<string, readonly RowValue[]>>;
}

/** How the `policies` table is read. */
export interface PolicyRowsOptions {
  /**
   * `scans` (the default): ordered by account, benchmark, scan time, JobId, then each
   * row's file and place in it, so that a scan's policies keep the order they were
   * written in; `none`: as the files hold them, what reading the dataset once costs.
   */
  order?: 'scans' | 'none';
  /** The engine's memory limit (`1GB`); past it, its sort spills to a private temporary folder. */
  memoryLimit?: string;
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
 * also has the `filename` of its file, which tells apart two copies of one scan.
 *
 * @throws CspmError `query-engine-missing`, `input-not-found`, `dataset-invalid` (no
 *   dataset there, no policies table, a column missing, a file the engine cannot read)
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
  const spill = await mkdtemp(join(tmpdir(), 'cspm-site-'));
  let instance: DuckDBInstance | undefined;
  let connection: DuckDBConnection | undefined;
  try {
    instance = await engine.DuckDBInstance.create(
      ':memory:',
      startSettings(options.memoryLimit ?? defaultMemoryLimit(), spill),
    );
    connection = await instance.connect();
    for (const statement of lockdownStatements(paths)) await connection.run(statement);
    const sql = await selectSql(connection, paths, files.layout, options).catch((error: unknown) => {
      throw invalid(error);
    });
    const result = await connection.stream(sql).catch((error: unknown) => {
      throw invalid(error);
    });
    yield* chunksOf(result, invalid);
  } finally {
    connection?.closeSync();
    instance?.closeSync();
    rmSync(spill, { recursive: true, force: true });
  }
}

async function selectSql(
  connection: DuckDBConnection,
  paths: readonly string[],
  layout: 'folder' | 'file',
  options: PolicyRowsOptions,
): Promise<string> {
  const described = await connection.runAndReadAll(describeFilesSql(paths, layout));
  const held = new Set(described.getRowObjectsJson().map((row) => String(row['column_name'])));
  const columns = datasetTables.policies.columns;
  const missing = columns.filter((column) => !held.has(column.name) && column.addedLater !== true);
  if (missing.length > 0)
    throw new Error(`the policies files have no column ${missing.map((column) => column.name).join(', ')}`);
  const absent = new Set(columns.filter((column) => !held.has(column.name)).map((column) => column.name));
  const select = columns.map((column) => selectColumn(column, absent)).join(', ');
  if (options.order === 'none') return `SELECT ${select} FROM ${readFiles(paths, layout)}`;
  const from = readFiles(paths, layout, ['filename = true', 'file_row_number = true']);
  return `SELECT ${select}, "filename" FROM ${from} ORDER BY "account_id", "benchmark_id", "scan_time" NULLS FIRST, "job_id", "filename", "file_row_number"`;
}

async function* chunksOf(result: DuckDBResult, invalid: (error: unknown) => CspmError): AsyncGenerator<RowChunk> {
  const names = result.columnNames();
  for (;;) {
    const chunk = await result.fetchChunk().catch((error: unknown) => {
      throw invalid(error);
    });
    if (chunk === null || chunk.rowCount === 0) return;
    const values = chunk.getColumns() as RowValue[][];
    yield { rows: chunk.rowCount, columns: Object.fromEntries(names.map((name, at) => [name, values[at] ?? []])) };
  }
}
