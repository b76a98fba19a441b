#!/usr/bin/env node
// Prints the tables of a posture dataset (their columns and SQL types, from the registry
// in src/model/dataset-columns.ts, as `query` types its views) and the saved queries, as
// the Markdown the README carries; a test checks that the README holds exactly this text.
import { fileURLToPath } from 'node:url';
import { datasetTables, partitionColumns } from '../dist/model/dataset-columns.js';
import { partitionSqlType, sqlTypes } from '../dist/query/dataset-views.js';
import { queryPresets } from '../dist/query/query-presets.js';

// Pipes would end a cell; the default partition's underscores would read as bold.
const escape = (text) => text.replaceAll('|', '\\|').replaceAll('__HIVE_DEFAULT_PARTITION__', '`__HIVE_DEFAULT_PARTITION__`');

/** Each table's columns as a Markdown table: name, SQL type, null or not, what it holds. */
export function datasetTable() {
  const partitions = partitionColumns.map((column) => `| \`${column.name}\` | ${partitionSqlType(column.name)} | ${column.nullable || column.description.includes('__HIVE_DEFAULT_PARTITION__') ? 'yes' : 'no'} | ${escape(column.description)} (partition folder) |`);
  return Object.entries(datasetTables)
    .map(([table, { columns, description }]) =>
      [`\`${table}\`: ${description}.`, '', '| column | type | null | holds |', '|---|---|---|---|', ...columns.map((column) => `| \`${column.name}\` | ${sqlTypes[column.type]} | ${column.nullable ? 'yes' : 'no'} | ${escape(column.description)} |`), ...partitions].join('\n'),
    )
    .join('\n\n');
}

/** The saved queries as a Markdown table. */
export function presetTable() {
  return ['| preset | answers |', '|---|---|', ...Object.entries(queryPresets).map(([name, preset]) => `| \`${name}\` | ${escape(preset.description)} |`)].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`${presetTable()}\n\n${datasetTable()}`);
