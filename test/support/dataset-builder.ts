import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  datasetTables,
  partitionColumns,
  type DatasetColumn,
  type DatasetTable,
} from '../../src/model/dataset-columns.js';
import { datasetSqlTypes as sqlTypes } from '../../src/model/dataset-columns.js';

/** A row of a dataset table: any column of the registry, the others take defaults. */
export type DatasetRow = Record<string, string | number | null>;

function literal(value: string | number | null): string {
  if (value === null) return 'NULL';
  return typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;
}

function defaultValue(column: DatasetColumn, row: DatasetRow): string | number | null {
  if (column.nullable) return null;
  if (column.type === 'string')
    return column.name === 'account_name' ? `name of ${String(row['account_id'] ?? 'a1')}` : `${column.name}-x`;
  if (column.type === 'timestamp') return '2026-01-01 00:00:00';
  return 1;
}

/** The Hive-escaped folder value of a partition, as the writer names it: %XX for what a path cannot hold. */
export function hiveValue(value: string | null): string {
  if (value === null || value === '') return '__HIVE_DEFAULT_PARTITION__';
  return value.replace(/[^A-Za-z0-9._-]/g, (char) =>
    [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

/** The partition folder of a row: scan_date=YYYY-MM-DD (UTC date of scan_time)/benchmark=<id>. */
function partitionOf(row: DatasetRow): string {
  const time = row['scan_time'];
  const date = typeof time === 'string' ? time.slice(0, 10) : null;
  const values = [date, String(row['benchmark_id'] ?? 'benchmark_id-x')];
  return partitionColumns.map((column, index) => `${column.name}=${hiveValue(values[index] ?? null)}`).join('/');
}

/** A DuckDB connection, as the tests get it from the optional package. */
export interface SqlConnection {
  run(sql: string): Promise<unknown>;
}

/** A connection to an in-memory DuckDB, for writing datasets (not the tool's shut-in engine). */
export async function builderConnection(): Promise<SqlConnection & { close(): void }> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  return {
    run: (sql) => connection.run(sql),
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** The SELECT of `rows` with the registry's columns of `table`, each cast to its type, in the registry's order. */
export function rowsSelect(
  table: DatasetTable,
  rows: readonly DatasetRow[],
  columns: readonly DatasetColumn[] = datasetTables[table].columns,
): string {
  return rows
    .map(
      (row) =>
        `SELECT ${columns.map((column) => `CAST(${literal(row[column.name] ?? defaultValue(column, row))} AS ${sqlTypes[column.type]}) AS ${column.name}`).join(', ')}`,
    )
    .join(' UNION ALL ');
}

/**
 * Writes a dataset folder as the Parquet writer lays it out: `<table>/scan_date=…/
 * benchmark=…/part-<name>.parquet`, the partition columns in the folder names only,
 * written by DuckDB's COPY with the registry's columns.
 */
export async function writeDataset(
  connection: SqlConnection,
  dir: string,
  tables: Partial<Record<DatasetTable, readonly DatasetRow[]>>,
  name = 'a',
): Promise<void> {
  for (const [table, rows] of Object.entries(tables) as [DatasetTable, DatasetRow[]][]) {
    const byPartition = new Map<string, DatasetRow[]>();
    for (const row of rows) byPartition.set(partitionOf(row), [...(byPartition.get(partitionOf(row)) ?? []), row]);
    for (const [partition, group] of byPartition) {
      const file = join(dir, table, partition, `part-${name}.parquet`);
      mkdirSync(dirname(file), { recursive: true });
      await connection.run(`COPY (${rowsSelect(table, group)}) TO '${file.replaceAll("'", "''")}' (FORMAT parquet)`);
    }
  }
}

/** Writes one Parquet file of a table's rows (the single-file form: `x.parquet`, `x.figures.parquet`). */
export async function writeTableFile(
  connection: SqlConnection,
  file: string,
  table: DatasetTable,
  rows: readonly DatasetRow[],
): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  await connection.run(`COPY (${rowsSelect(table, rows)}) TO '${file.replaceAll("'", "''")}' (FORMAT parquet)`);
}
