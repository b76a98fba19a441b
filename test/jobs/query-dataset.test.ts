import { mkdirSync, writeFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryDataset, type QueryValue } from '../../src/index.js';
import { datasetTables, partitionColumns } from '../../src/model/dataset-columns.js';
import { builderConnection, writeDataset, writeTableFile, type DatasetRow } from '../support/dataset-builder.js';
import { hasQueryEngine } from '../support/query-engine.js';
import { useTempDir } from '../support/temp-dir.js';

const available = hasQueryEngine();
const tempDir = useTempDir();
let connection: Awaited<ReturnType<typeof builderConnection>>;

beforeAll(async () => {
  if (available) connection = await builderConnection();
});
afterAll(() => connection?.close());

/** Every row of a query, as objects. */
async function rowsOf(path: string, sql: string): Promise<Record<string, QueryValue>[]> {
  const result = await queryDataset(path, { sql });
  const rows: Record<string, QueryValue>[] = [];
  for await (const batch of result.rows)
    for (const row of batch)
      rows.push(Object.fromEntries(result.columns.map((column, index) => [column.name, row[index] ?? null])));
  return rows;
}

const policy = (overrides: DatasetRow): DatasetRow => ({
  account_id: 'a1',
  benchmark_id: 'cis',
  job_id: 'j1',
  scan_time: '2026-03-01 10:00:00',
  policy_id: 'p1',
  compliance: 'Red',
  severity: 'High',
  ...overrides,
});

describe.runIf(available)('queryDataset: the views', () => {
  it('types every column of the registry, and the partitions as DATE and VARCHAR', async () => {
    const dir = tempDir();
    await writeDataset(connection, dir, { policies: [policy({})], figures: [policy({ level: 'report' })] });
    const result = await queryDataset(dir, { sql: 'DESCRIBE policies' });
    const described: string[] = [];
    for await (const batch of result.rows)
      for (const row of batch) described.push(`${String(row[0])} ${String(row[1])}`);
    const expected = (columns: typeof datasetTables.policies.columns): string[] =>
      columns.map(
        (column) =>
          `${column.name} ${{ string: 'VARCHAR', int32: 'INTEGER', int64: 'BIGINT', double: 'DOUBLE', timestamp: 'TIMESTAMP', date: 'DATE' }[column.type]}`,
      );
    expect(described).toEqual([...expected(datasetTables.policies.columns), 'scan_date DATE', 'benchmark VARCHAR']);
    expect(partitionColumns.map((column) => column.name)).toEqual(['scan_date', 'benchmark']);
    const figures = await rowsOf(dir, 'SELECT * FROM figures');
    expect(Object.keys(figures[0]!)).toEqual([
      ...datasetTables.figures.columns.map((column) => column.name),
      'scan_date',
      'benchmark',
    ]);
  });

  it('reads Hive-escaped partition values decoded, and the default partition as null', async () => {
    const dir = tempDir();
    await writeDataset(connection, dir, {
      policies: [policy({ benchmark_id: 'cis/aws 1.4' }), policy({ scan_time: null, job_id: 'j0' })],
    });
    const rows = await rowsOf(dir, 'SELECT benchmark, scan_date, scan_time FROM policies ORDER BY job_id');
    expect(rows).toEqual([
      { benchmark: 'cis', scan_date: null, scan_time: null },
      { benchmark: 'cis/aws 1.4', scan_date: '2026-03-01', scan_time: '2026-03-01T10:00:00Z' },
    ]);
  });

  it('gives BIGINT as a number when exact, else as text; dates and timestamps as ISO 8601', async () => {
    const dir = tempDir();
    await writeDataset(connection, dir, { policies: [policy({ total_resources: '9007199254740993' })] });
    const rows = await rowsOf(
      dir,
      "SELECT total_resources AS big, count(*) AS n, DATE '2026-02-03' AS d, TIMESTAMP '2026-02-03 04:05:06.789' AS t, 1.5 AS dec FROM policies GROUP BY ALL",
    );
    expect(rows).toEqual([{ big: '9007199254740993', n: 1, d: '2026-02-03', t: '2026-02-03T04:05:06.789Z', dec: 1.5 }]);
  });

  it('reads a single file and its figures beside it, with scan_date and benchmark derived', async () => {
    const dir = tempDir();
    await writeTableFile(connection, join(dir, 'x.parquet'), 'policies', [policy({})]);
    await writeTableFile(connection, join(dir, 'x.figures.parquet'), 'figures', [policy({ level: 'report', red: 4 })]);
    expect(await rowsOf(join(dir, 'x.parquet'), 'SELECT scan_date, benchmark, policy_id FROM policies')).toEqual([
      { scan_date: '2026-03-01', benchmark: 'cis', policy_id: 'p1' },
    ]);
    expect(await rowsOf(join(dir, 'x.figures.parquet'), 'SELECT red FROM figures')).toEqual([{ red: 4 }]);
  });
});

describe.runIf(available)('queryDataset: what is not a dataset, or not all of one', () => {
  it('fails closed on a folder that holds no dataset', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'x');
    await expect(queryDataset(dir, { sql: 'SELECT 1' })).rejects.toMatchObject({
      code: 'dataset-invalid',
      message: `not a posture dataset: ${dir}: holds no dataset: no *.parquet file under policies/ or figures/`,
    });
  });

  it('names the table a query reads that the dataset lacks, and where its files were looked for', async () => {
    const dir = tempDir();
    await writeDataset(connection, dir, { policies: [policy({})] });
    mkdirSync(join(dir, 'figures'));
    await expect(rowsOf(dir, 'SELECT * FROM figures')).rejects.toMatchObject({
      code: 'query-failed',
      message: `query failed: "SELECT * FROM figures": the dataset has no figures table: no *.parquet file at ${dir}/figures/`,
    });
  });

  it("names the columns of the registry that a table's files lack", async () => {
    const dir = tempDir();
    const file = join(dir, 'policies', 'scan_date=2026-03-01', 'benchmark=cis', 'part-a.parquet');
    mkdirSync(join(dir, 'policies', 'scan_date=2026-03-01', 'benchmark=cis'), { recursive: true });
    await connection.run(`COPY (SELECT 'a1' AS account_id) TO '${file}' (FORMAT parquet)`);
    await expect(queryDataset(dir, { sql: 'SELECT 1' })).rejects.toMatchObject({
      code: 'dataset-invalid',
      message: expect.stringMatching(/policies\/: the policies files have no column scan_time, job_id, account_name,/),
    });
  });

  it('refuses a Parquet file outside the partition folders, and a symbolic link', async () => {
    const dir = tempDir();
    await writeDataset(connection, dir, { policies: [policy({})] });
    await writeTableFile(connection, join(dir, 'policies', 'stray.parquet'), 'policies', [policy({})]);
    await expect(queryDataset(dir, { sql: 'SELECT 1' })).rejects.toMatchObject({
      code: 'dataset-invalid',
      message: expect.stringContaining('stray.parquet is not inside scan_date=…/benchmark=…/ folders'),
    });
    const linked = tempDir();
    await writeDataset(connection, linked, { policies: [policy({})] });
    symlinkSync('/etc/passwd', join(linked, 'policies', 'scan_date=2026-03-01', 'benchmark=cis', 'part-z.parquet'));
    await expect(queryDataset(linked, { sql: 'SELECT 1' })).rejects.toMatchObject({
      code: 'dataset-invalid',
      message: expect.stringContaining('part-z.parquet is a symbolic link'),
    });
  });

  it("names a table file that is not Parquet, with the engine's reason", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'figures', 'scan_date=2026-03-01', 'benchmark=cis'), { recursive: true });
    writeFileSync(join(dir, 'figures', 'scan_date=2026-03-01', 'benchmark=cis', 'part-a.parquet'), 'not parquet');
    await expect(queryDataset(dir, { sql: 'SELECT 1' })).rejects.toMatchObject({
      code: 'dataset-invalid',
      message: expect.stringMatching(new RegExp(`^not a posture dataset: ${dir}/figures/: .*part-a\\.parquet`)),
    });
  });

  it('says a missing path is missing', async () => {
    await expect(queryDataset(join(tempDir(), 'none'), { sql: 'SELECT 1' })).rejects.toMatchObject({
      code: 'input-not-found',
    });
  });
});
