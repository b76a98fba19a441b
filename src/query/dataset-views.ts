import { datasetSqlTypes, datasetTables, partitionColumns, type DatasetTable } from '../model/dataset-columns.js';
import { sqlString } from './engine-settings.js';

/** A quoted SQL identifier. */
function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The table function reading one table's files. Folders: Hive partitions typed (their
 * values are %XX-escaped in folder names, which the engine decodes, and
 * `__HIVE_DEFAULT_PARTITION__` reads as null); files written at different versions are
 * read by column name, a column one file lacks being null there. `more` adds options of
 * the engine's reader (`filename = true`).
 */
export function readFiles(files: readonly string[], layout: 'folder' | 'file', more: readonly string[] = []): string {
  const list = `[${files.map(sqlString).join(', ')}]`;
  const extra = more.map((option) => `, ${option}`).join('');
  if (layout === 'file') return `read_parquet(${list}, union_by_name = true${extra})`;
  const types = partitionColumns
    .map((column) => `${sqlString(column.name)}: ${datasetSqlTypes[column.type]}`)
    .join(', ');
  return `read_parquet(${list}, hive_partitioning = true, union_by_name = true, hive_types = {${types}}${extra})`;
}

/**
 * The view of one table: the registry's columns in its order, each cast to its type
 * (a writer's timestamp with a zone reads as UTC), then the partition columns. A single
 * file holds no partition folders: its scan_date and benchmark are derived from
 * scan_time and benchmark_id, as the writer derives the folders. A column in `absent`,
 * which no file holds (files written before it was added), is null.
 */
export function createViewSql(
  table: DatasetTable,
  files: readonly string[],
  layout: 'folder' | 'file',
  absent: ReadonlySet<string> = new Set(),
): string {
  const columns = datasetTables[table].columns.map(
    (column) =>
      `CAST(${absent.has(column.name) ? 'NULL' : identifier(column.name)} AS ${datasetSqlTypes[column.type]}) AS ${identifier(column.name)}`,
  );
  const partitions =
    layout === 'folder'
      ? partitionColumns.map(
          (column) =>
            `CAST(${identifier(column.name)} AS ${datasetSqlTypes[column.type]}) AS ${identifier(column.name)}`,
        )
      : [
          'CAST(CAST("scan_time" AS TIMESTAMP) AS DATE) AS "scan_date"',
          'CAST("benchmark_id" AS VARCHAR) AS "benchmark"',
        ];
  return `CREATE VIEW ${identifier(table)} AS SELECT ${[...columns, ...partitions].join(', ')} FROM ${readFiles(files, layout)}`;
}

/** The statement that lists the columns the files of a table hold, to name those of the registry they lack. */
export function describeFilesSql(files: readonly string[], layout: 'folder' | 'file'): string {
  return `DESCRIBE SELECT * FROM ${readFiles(files, layout)}`;
}
