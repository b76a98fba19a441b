import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { openDuckDb, sqlText, type DuckDb } from '../support/duckdb.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
let db: DuckDb | undefined;
beforeAll(async () => {
  db = await openDuckDb();
});
afterAll(() => db?.close());

/** Writes one minimal report per benchmark id, each its own scan (job), into `dir`; gives their paths. */
function reportsWithIds(dir: string, ids: readonly string[]): string[] {
  return ids.map((id, index) => {
    const report = minimalReport();
    report.BenchmarkId = id;
    report.JobId = `a1b2c3d4-0000-4000-8000-00000000010${index}`;
    const path = join(dir, `r${index}.json`);
    writeFileSync(path, JSON.stringify(report));
    return path;
  });
}

/** Every file below a folder, as `/`-separated paths relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(dir, path)).isFile())
    .map((path) => relative(dir, join(dir, path)).split('\\').join('/'))
    .sort();
}

/** The policies of each benchmark id in the dataset, as DuckDB reads the folders and the files. */
async function idsReadBack(lake: string): Promise<Record<string, unknown>[]> {
  const files = sqlText(join(lake, 'policies', '**', '*.parquet'));
  return (db as DuckDb).rows(
    `SELECT benchmark_id, benchmark, count(*)::INTEGER AS n FROM read_parquet(${files}, hive_partitioning = true, hive_types = {'scan_date': DATE, 'benchmark': VARCHAR}) GROUP BY ALL ORDER BY benchmark_id`,
  );
}

describe('render -f parquet --out-dir: partition values of any length and spelling', () => {
  it('writes every input when one benchmark id is too long for a folder name, the whole id kept in its column', async ({
    skip,
  }) => {
    if (db === undefined) return skip();
    const dir = tempDir();
    const long = `CIS-${'x'.repeat(296)}`;
    const slashes = Array.from({ length: 90 }, (_, index) => `p${index}`).join('/');
    const lake = join(dir, 'lake');
    const result = await runInProcess([
      'render',
      ...reportsWithIds(dir, ['CSBP', long, slashes]),
      '-f',
      'parquet',
      '--out-dir',
      lake,
    ]);
    expect(result.stderr).not.toMatch(/^cspm-report:/m);
    expect(result.code).toBe(0);
    for (const file of filesBelow(lake))
      for (const segment of file.split('/')) expect(Buffer.byteLength(segment)).toBeLessThanOrEqual(140);
    const rows = await idsReadBack(lake);
    expect(rows.map((row) => [row['benchmark_id'], row['n']])).toEqual(
      [
        ['CSBP', 5],
        [long, 5],
        [slashes, 5],
      ].sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1)),
    );
    // A shortened folder value is a readable prefix, `~` and a digest of the whole id.
    const shortened = rows
      .filter((row) => row['benchmark'] !== row['benchmark_id'])
      .map((row) => String(row['benchmark']));
    expect(shortened).toHaveLength(2);
    for (const value of shortened) expect(value).toMatch(/^(CIS-x+|p0\/p1\/.*)~[0-9a-f]{16}$/);
  });

  it('names the same long id the same folder in every run, and two long ids of one prefix two folders', async ({
    skip,
  }) => {
    if (db === undefined) return skip();
    const dir = tempDir();
    const prefix = 'y'.repeat(280);
    const lake = join(dir, 'lake');
    expect(
      (
        await runInProcess([
          'render',
          ...reportsWithIds(dir, [`${prefix}A`, `${prefix}B`]),
          '-f',
          'parquet',
          '--out-dir',
          lake,
        ])
      ).code,
    ).toBe(0);
    const folders = new Set(filesBelow(lake).map((file) => file.split('/')[2]));
    expect(folders.size).toBe(2);
    const again = await runInProcess(['render', join(dir, 'r0.json'), '-f', 'parquet', '--out-dir', lake]);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toMatch(/^wrote /m);
    expect((await idsReadBack(lake)).map((row) => row['n'])).toEqual([5, 5]);
  });

  it('keeps an empty id, a literal __HIVE_DEFAULT_PARTITION__ and NULL apart, each read back as itself, never null', async ({
    skip,
  }) => {
    if (db === undefined) return skip();
    const dir = tempDir();
    const ids = ['', '__HIVE_DEFAULT_PARTITION__', 'NULL', 'null', '__hive_default_partition__'];
    const lake = join(dir, 'lake');
    const result = await runInProcess(['render', ...reportsWithIds(dir, ids), '-f', 'parquet', '--out-dir', lake]);
    expect(result.code).toBe(0);
    expect(new Set(filesBelow(lake).map((file) => file.split('/')[2])).size).toBe(ids.length);
    const rows = await idsReadBack(lake);
    expect(rows).toEqual([...ids].sort().map((id) => ({ benchmark_id: id, benchmark: id, n: 5 })));
    // And through the query command's views, as the documentation says to read them.
    const query = await runInProcess([
      'query',
      lake,
      'SELECT benchmark, benchmark_id, count(*)::INTEGER AS n FROM policies GROUP BY ALL ORDER BY benchmark_id',
      '-f',
      'json',
    ]);
    expect(query.code).toBe(0);
    expect(JSON.parse(query.stdout)).toEqual([...ids].sort().map((id) => ({ benchmark: id, benchmark_id: id, n: 5 })));
  });
});
