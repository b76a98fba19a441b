#!/usr/bin/env node
// Prints the tables and partition columns of a posture dataset (`render -f parquet`), with
// the SQL types `query` gives them, as the Markdown tables docs/datasets-and-query.md carries (node
// scripts/doc-figures.js
// writes them there); a test checks that the page holds exactly these, so the two cannot drift apart.
import { fileURLToPath } from 'node:url';
import { datasetSqlTypes as sqlTypes, datasetTables, partitionColumns } from '../dist/model/dataset-columns.js';

function columnTable(columns) {
  // A name like __HIVE_DEFAULT_PARTITION__ as code, which Markdown would read as bold.
  const escape = (text) => text.replaceAll('|', '\\|').replace(/\b(__\w+__)\b/g, '`$1`');
  const rows = columns.map(
    (column) =>
      `| \`${column.name}\` | ${sqlTypes[column.type]} | ${column.nullable ? 'yes' : ''} | ${escape(column.description)} |`,
  );
  return ['| column | type | null | holds |', '|---|---|---|---|', ...rows].join('\n');
}

/** Every table of the registry with its columns, then the partition columns, as Markdown. */
export function datasetTablesMarkdown() {
  const tables = Object.entries(datasetTables).map(
    ([name, table]) => `\`${name}\`: ${table.description}.\n\n${columnTable(table.columns)}`,
  );
  return [...tables, `Partition columns (folders, not stored in the files):\n\n${columnTable(partitionColumns)}`].join(
    '\n\n',
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(datasetTablesMarkdown());
