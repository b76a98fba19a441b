#!/usr/bin/env node
// Writes the table definitions of a posture dataset (`render -f parquet --out-dir`) for
// Athena and Trino into docs/, from the column registry (src/model/dataset-columns.ts);
// a test checks that the files hold exactly these definitions, so they cannot drift.
//   node scripts/dataset-ddl.js          write docs/athena-tables.sql and docs/trino-tables.sql
//   node scripts/dataset-ddl.js --check  exit 1 when a file differs from what it would write
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { datasetTables, partitionColumns } from '../dist/model/dataset-columns.js';

/** The SQL type of each registry type: Hive DDL (Athena) and Trino. */
// A date (the scan_date partition) stays the text of its folder name, as partition
// projection (Athena) and the Hive connector (Trino) take it; queries cast it.
const sqlTypes = {
  athena: { string: 'string', int32: 'int', int64: 'bigint', double: 'double', timestamp: 'timestamp', date: 'string' },
  trino: {
    string: 'varchar',
    int32: 'integer',
    int64: 'bigint',
    double: 'double',
    timestamp: 'timestamp(3)',
    date: 'varchar',
  },
};

const header = (engine) =>
  [
    `-- The tables of a posture dataset for ${engine}, written by \`cspm-report render REPORTS -f parquet --out-dir DIR\``,
    '-- and copied to s3://your-bucket/cspm/ (the bucket and schema names are yours to change).',
    '-- Generated from src/model/dataset-columns.ts by scripts/dataset-ddl.js: do not edit by hand.',
    '',
  ].join('\n');

/** A string literal: Hive's DDL (Athena) escapes a quote with a backslash, Trino doubles it. */
const literal = {
  athena: (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`,
  trino: (text) => `'${text.replaceAll("'", "''")}'`,
};

/** One line of a column list, its description as the column's comment. */
const columnLine = (engine, column, last) =>
  `  ${column.name} ${sqlTypes[engine][column.type]} COMMENT ${literal[engine](column.description)}${last ? '' : ','}`;

/** Athena: an external table per table, partitions found by projection (no MSCK REPAIR, no crawler). */
export function athenaDdl() {
  const tables = Object.entries(datasetTables).map(([name, table]) => {
    const columns = table.columns.map((column, index) =>
      columnLine('athena', column, index === table.columns.length - 1),
    );
    const partitions = partitionColumns.map((column, index) =>
      columnLine('athena', column, index === partitionColumns.length - 1),
    );
    return [
      `-- ${name}: ${table.description}`,
      `CREATE EXTERNAL TABLE IF NOT EXISTS cspm_${name} (`,
      ...columns,
      ')',
      'PARTITIONED BY (',
      ...partitions,
      ')',
      'STORED AS PARQUET',
      `LOCATION 's3://your-bucket/cspm/${name}/'`,
      'TBLPROPERTIES (',
      "  'projection.enabled' = 'true',",
      "  'projection.scan_date.type' = 'date',",
      "  'projection.scan_date.format' = 'yyyy-MM-dd',",
      "  'projection.scan_date.range' = '2019-01-01,NOW',",
      "  'projection.scan_date.interval' = '1',",
      "  'projection.scan_date.interval.unit' = 'DAYS',",
      "  'projection.benchmark.type' = 'injected',",
      `  'storage.location.template' = 's3://your-bucket/cspm/${name}/scan_date=\${scan_date}/benchmark=\${benchmark}/'`,
      ');',
    ].join('\n');
  });
  return `${header('Amazon Athena')}-- Partition projection: scan_date is a date range, benchmark is injected (a query names it:\n-- WHERE benchmark = 'CSBP'). A scan without a date (scan_date=__HIVE_DEFAULT_PARTITION__)\n-- is outside the projected range: query it through Trino or Spark. A benchmark id with a\n-- character a folder name cannot hold is stored %XX-escaped: inject it so (CIS%2F1.4).\n\n${tables.join('\n\n')}\n`;
}

/** Trino (Hive connector): an external table per table, partition columns last as Trino wants them. */
export function trinoDdl() {
  const tables = Object.entries(datasetTables).map(([name, table]) => {
    const all = [...table.columns, ...partitionColumns];
    const columns = all.map((column, index) => columnLine('trino', column, index === all.length - 1));
    return [
      `-- ${name}: ${table.description}`,
      `CREATE TABLE IF NOT EXISTS hive.cspm.${name} (`,
      ...columns,
      ')',
      'WITH (',
      "  format = 'PARQUET',",
      `  external_location = 's3://your-bucket/cspm/${name}/',`,
      `  partitioned_by = ARRAY[${partitionColumns.map((column) => `'${column.name}'`).join(', ')}]`,
      ');',
      `-- New partitions of each nightly run: CALL hive.system.sync_partition_metadata('cspm', '${name}', 'ADD');`,
    ].join('\n');
  });
  return `${header('Trino (Hive connector)')}\n${tables.join('\n\n')}\n`;
}

/** The files this script writes, by path. */
export const ddlFiles = { 'docs/athena-tables.sql': athenaDdl, 'docs/trino-tables.sql': trinoDdl };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [path, make] of Object.entries(ddlFiles)) {
    const text = make();
    if (!check) writeFileSync(path, text);
    else if (readFileSync(path, 'utf8') !== text) {
      console.error(`${path} differs from the column registry: run node scripts/dataset-ddl.js`);
      stale += 1;
    }
  }
  process.exit(stale === 0 ? 0 : 1);
}
