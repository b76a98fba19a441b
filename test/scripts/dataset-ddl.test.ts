import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { datasetTables, partitionColumns, type DatasetColumnType } from '../../src/model/dataset-columns.js';

/** The SQL types the definitions must give each registry type, written out here apart from the script. */
const expectedTypes: Record<'athena' | 'trino', Record<DatasetColumnType, string>> = {
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

/** The statements of a SQL file whose first line matches `start`, each as its column lines `name type`. */
function tablesOf(path: string, start: RegExp): { name: string; columns: string[][]; partitions: string[][] }[] {
  const text = readFileSync(path, 'utf8');
  return text
    .split(/\n(?=CREATE )/)
    .filter((statement) => start.test(statement))
    .map((statement) => {
      const name = start.exec(statement)?.[1] as string;
      const [body = '', partitioned = ''] = statement.split('PARTITIONED BY (');
      const columns = (text: string): string[][] =>
        [...text.matchAll(/^ {2}(\w+) (\S+) COMMENT '/gm)].map((match) => [match[1] as string, match[2] as string]);
      return { name, columns: columns(body), partitions: columns(partitioned) };
    });
}

describe('the dataset definitions in docs/', () => {
  it('are what scripts/dataset-ddl.js writes from the registry (regenerate with node scripts/dataset-ddl.js)', () => {
    expect(() =>
      execFileSync(process.execPath, ['scripts/dataset-ddl.js', '--check'], { encoding: 'utf8', stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('Athena: an external table per registry table, its columns and types in order, partitioned by the partition columns with projection', () => {
    const tables = tablesOf('docs/athena-tables.sql', /^CREATE EXTERNAL TABLE IF NOT EXISTS cspm_(\w+) \(/);
    expect(tables.map((table) => table.name)).toEqual(Object.keys(datasetTables));
    for (const table of tables) {
      const registry = datasetTables[table.name as keyof typeof datasetTables];
      expect(table.columns).toEqual(registry.columns.map((column) => [column.name, expectedTypes.athena[column.type]]));
      expect(table.partitions).toEqual(
        partitionColumns.map((column) => [column.name, expectedTypes.athena[column.type]]),
      );
    }
    const text = readFileSync('docs/athena-tables.sql', 'utf8');
    expect(text.match(/'projection\.scan_date\.type' = 'date'/g)).toHaveLength(2);
    expect(text.match(/'projection\.benchmark\.type' = 'injected'/g)).toHaveLength(2);
  });

  it('Trino: a table per registry table, its columns and types in order, then the partition columns it is partitioned by', () => {
    const tables = tablesOf('docs/trino-tables.sql', /^CREATE TABLE IF NOT EXISTS hive\.cspm\.(\w+) \(/);
    expect(tables.map((table) => table.name)).toEqual(Object.keys(datasetTables));
    for (const table of tables) {
      const registry = datasetTables[table.name as keyof typeof datasetTables];
      expect(table.columns).toEqual(
        [...registry.columns, ...partitionColumns].map((column) => [column.name, expectedTypes.trino[column.type]]),
      );
    }
    expect(
      readFileSync('docs/trino-tables.sql', 'utf8').match(/partitioned_by = ARRAY\['scan_date', 'benchmark'\]/g),
    ).toHaveLength(2);
  });
});
