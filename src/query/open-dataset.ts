import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { CspmError } from '../error/cspm-error.js';
import { datasetTables, type DatasetTable } from '../model/dataset-columns.js';
import type { QueryResult, QueryValue } from '../model/query-result.js';
import { findDatasetFiles, tablePlace, type DatasetFiles } from './dataset-files.js';
import { createViewSql, describeFilesSql } from './dataset-views.js';
import { lockdownStatements, startSettings } from './engine-settings.js';
import { loadEngine, type Engine } from './load-engine.js';
import { checkQueryLimits, defaultQueryLimits, timeoutMs, type QueryLimits } from './query-limits.js';
import { convertedRows, resultColumns } from './result-values.js';

/** A dataset open for queries: its views over its files, in an engine shut in to them. */
export interface OpenDataset {
  files: DatasetFiles;
  /**
   * Runs one read-only query (`name` is what messages call it: a preset's name, or the
   * SQL itself) and gives its columns and its rows as they are computed.
   *
   * @throws CspmError `query-failed`, with the engine's message in one line; a query
   *   stopped at its time limit, or out of memory past its memory limit, says which
   */
  query(name: string, sql: string): Promise<QueryResult>;
  /** Runs one statement without the one-SELECT check: what the engine's settings alone refuse (their tests). */
  runUnchecked(sql: string): Promise<void>;
  /** Closes the engine and removes its temporary folder. */
  close(): void;
}

const tableNames = Object.keys(datasetTables) as DatasetTable[];

/** The first line of an engine's message: its SQL excerpt and caret lines are for a console of its own. */
function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // The wrapper's own words before the engine's ("Failed to extract statements: Parser Error: …") tell nothing more.
  return (text.split('\n', 1)[0] ?? text).replace(/^Failed to extract statements: /, '').trim();
}

/** A query as messages name it: one line, at most 60 characters. */
export function queryLabel(sql: string): string {
  const line = sql.replace(/\s+/g, ' ').trim();
  return `"${line.length > 60 ? `${line.slice(0, 59)}…` : line}"`;
}

/**
 * Opens a dataset (a folder or a Parquet file) for SQL: finds its files, starts the
 * engine shut in to them (engine-settings.ts), checks that each table's files hold the
 * registry's columns, and makes a view of each table that has files. The engine holds
 * to `limits`: its memory limit, a private temporary folder to spill into (by default
 * made for it under the system's, mode 0700, removed on close), and each query's time limit.
 *
 * @throws CspmError `usage` (a limit out of range), `query-engine-missing`, `input-not-found`, `dataset-invalid`
 */
export async function openDataset(path: string, limits: QueryLimits = defaultQueryLimits()): Promise<OpenDataset> {
  checkQueryLimits(limits);
  const engine = await loadEngine();
  const files = await findDatasetFiles(path);
  const spill = limits.temporaryFolder ?? (await mkdtemp(join(tmpdir(), 'cspm-query-')));
  const removeSpill = (): void => {
    if (limits.temporaryFolder === undefined) rmSync(spill, { recursive: true, force: true });
  };
  let instance: DuckDBInstance | undefined;
  let connection: DuckDBConnection | undefined;
  try {
    instance = await engine.DuckDBInstance.create(':memory:', startSettings(limits.memoryLimit, spill));
    connection = await instance.connect();
    for (const statement of lockdownStatements(tableNames.flatMap((table) => files.tables[table])))
      await connection.run(statement);
    for (const table of tableNames) await createView(connection, files, table);
    return datasetHandle({ engine, instance, connection, files, limits, removeSpill });
  } catch (error) {
    connection?.closeSync();
    instance?.closeSync();
    removeSpill();
    throw error;
  }
}

async function createView(connection: DuckDBConnection, files: DatasetFiles, table: DatasetTable): Promise<void> {
  const paths = files.tables[table];
  if (paths.length === 0) return;
  const place = tablePlace(files, table);
  const unreadable = (error: unknown): CspmError =>
    new CspmError('dataset-invalid', `${place}: ${firstLine(error)}`, { cause: error, data: { path: place } });
  const described = await connection.runAndReadAll(describeFilesSql(paths, files.layout)).catch((error: unknown) => {
    throw unreadable(error);
  });
  const held = new Set(described.getRowObjectsJson().map((row) => String(row['column_name'])));
  const lacking = datasetTables[table].columns.filter((column) => !held.has(column.name));
  // Files written before a column was added lack it: read as null, not a broken dataset.
  const missing = lacking.filter((column) => column.addedLater !== true).map((column) => column.name);
  if (missing.length > 0)
    throw new CspmError('dataset-invalid', `${place}: the ${table} files have no column ${missing.join(', ')}`, {
      data: { path: place },
    });
  const absent = new Set(lacking.map((column) => column.name));
  await connection.run(createViewSql(table, paths, files.layout, absent)).catch((error: unknown) => {
    throw unreadable(error);
  });
}

interface EngineParts {
  engine: Engine;
  instance: DuckDBInstance;
  connection: DuckDBConnection;
  files: DatasetFiles;
  limits: QueryLimits;
  removeSpill: () => void;
}

function datasetHandle({ engine, instance, connection, files, limits, removeSpill }: EngineParts): OpenDataset {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const stopTimer = (): void => {
    clearTimeout(timer);
    timer = undefined;
  };
  /** Interrupts the engine at the time limit: whatever it is doing then (planning, computing, handing rows) fails. */
  const startTimer = (): void => {
    stopTimer();
    timedOut = false;
    timer = setTimeout(() => {
      timedOut = true;
      connection.interrupt();
    }, timeoutMs(limits));
  };
  /**
   * The engine's message; which limit stopped the query; or, for a table the dataset lacks, where its files were
   * looked for.
   */
  const failed = (name: string, error: unknown): CspmError => {
    let reason = firstLine(error);
    if (timedOut)
      reason = `stopped at the time limit of ${limits.timeoutSeconds} s (--timeout); give a longer --timeout or a narrower query`;
    else if (/^Out of Memory Error\b/.test(reason))
      reason = `needs more memory than the limit of ${limits.memoryLimit} (--memory-limit): ${reason}`;
    const absent = /^Catalog Error: Table with name (\w+) does not exist/.exec(reason)?.[1];
    if (absent !== undefined && (tableNames as string[]).includes(absent))
      reason = `the dataset has no ${absent} table: no *.parquet file at ${tablePlace(files, absent as DatasetTable)}`;
    return new CspmError('query-failed', `${name}: ${reason}`, { cause: error, data: { query: name, reason } });
  };
  return {
    files,
    async query(name, sql) {
      startTimer();
      try {
        return await runQuery(name, sql);
      } catch (error) {
        stopTimer();
        throw error;
      }
    },
    async runUnchecked(sql) {
      await connection.run(sql);
    },
    close() {
      stopTimer();
      try {
        connection.closeSync();
        instance.closeSync();
      } finally {
        removeSpill();
      }
    },
  };

  async function runQuery(name: string, sql: string): Promise<QueryResult> {
    if (sql.trim() === '') throw failed(name, new Error('the query is empty'));
    const extracted = await connection.extractStatements(sql).catch((error: unknown) => {
      throw failed(name, error);
    });
    if (extracted.count !== 1)
      throw failed(name, new Error(`one SELECT statement runs at a time, not ${extracted.count}`));
    const prepared = await extracted.prepare(0).catch((error: unknown) => {
      throw failed(name, error);
    });
    // Only a query reads: COPY, ATTACH, EXPORT, SET, INSTALL and CREATE are refused here
    // whatever the settings would have let through.
    if (prepared.statementType !== engine.StatementType.SELECT)
      throw failed(
        name,
        new Error(
          `only a SELECT query runs over a dataset, not a ${engine.StatementType[prepared.statementType]} statement`,
        ),
      );
    const result = await prepared.stream().catch((error: unknown) => {
      throw failed(name, error);
    });
    const { columns, converters } = resultColumns(result, engine);
    async function* rows(): AsyncGenerator<QueryValue[][]> {
      try {
        yield* convertedRows(result, converters);
      } catch (error) {
        throw failed(name, error);
      } finally {
        stopTimer();
      }
    }
    return { columns, rows: rows() };
  }
}
