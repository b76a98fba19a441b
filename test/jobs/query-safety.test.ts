import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryDataset } from '../../src/index.js';
import { openDataset, type OpenDataset } from '../../src/query/open-dataset.js';
import { builderConnection, writeDataset } from '../support/dataset-builder.js';
import { hasQueryEngine } from '../support/query-engine.js';

/**
 * A query runs read-only over the dataset. Two locks, each tested on its own: the one
 * SELECT check refuses every other statement before it runs (queryDataset), and the
 * engine's settings refuse the same when the check is passed by (runUnchecked), so that
 * a statement the check let through would still find every way out closed.
 */

const available = hasQueryEngine();
let dir: string;
let part: string;
let outside: string;
let dataset: OpenDataset;

beforeAll(async () => {
  if (!available) return;
  const connection = await builderConnection();
  // One dataset for every case, made once: a temporary folder per test would remove it after the first.
  dir = mkdtempSync(join(tmpdir(), 'cspm-query-safety-'));
  await writeDataset(connection, dir, {
    policies: [{ account_id: 'a1', scan_time: '2026-03-01 10:00:00', benchmark_id: 'cis' }],
  });
  connection.close();
  part = join(dir, 'policies', 'scan_date=2026-03-01', 'benchmark=cis', 'part-a.parquet');
  outside = join(dir, 'notes.csv');
  writeFileSync(outside, 'secret\n');
  dataset = await openDataset(dir);
});
afterAll(() => {
  dataset?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const refusedBySettings =
  /^Permission Error: Cannot access (file|directory) ".*" - file system operations are disabled by configuration$/;

async function refusal(sql: string): Promise<string> {
  const error = await dataset.runUnchecked(sql).then(
    () => undefined,
    (caught: unknown) => caught as Error,
  );
  expect(error, sql).toBeInstanceOf(Error);
  return error!.message.split('\n')[0]!;
}

async function checkRefusal(sql: string): Promise<string> {
  const error = await queryDataset(dir, { sql }).then(
    () => undefined,
    (caught: unknown) => caught as { code: string; data: { reason: string } },
  );
  expect(error?.code, sql).toBe('query-failed');
  return error!.data.reason;
}

describe.runIf(available)('query safety: what the engine may read', () => {
  it('reads the dataset: the views, and its own files by name', async () => {
    const result = await queryDataset(dir, {
      sql: `SELECT (SELECT count(*) FROM policies) AS viewed, (SELECT count(*) FROM read_parquet('${part}')) AS direct`,
    });
    const rows = [];
    for await (const batch of result.rows) rows.push(...batch);
    expect(rows).toEqual([[1, 1]]);
  });

  it.each([
    ['a file outside the dataset', "SELECT * FROM read_text('/etc/passwd')"],
    [
      'a file inside the dataset folder that is not one of its tables',
      `SELECT * FROM read_csv('${join(dirPlaceholder(), 'notes.csv')}')`,
    ],
    ['a listing of a folder', "SELECT * FROM glob('/etc/*')"],
    [
      'a glob over the dataset',
      `SELECT * FROM read_parquet('${join(dirPlaceholder(), 'policies', '*', '*', '*.parquet')}')`,
    ],
    ['a URL (no network)', "SELECT * FROM read_parquet('https://example.com/x.parquet')"],
    ['an object store', "SELECT * FROM read_csv('s3://bucket/x.csv')"],
  ])('refuses %s (enable_external_access = false, allowed_paths = the dataset files)', async (_what, template) => {
    const sql = template.replaceAll(dirPlaceholder(), dir);
    expect(await checkRefusal(sql)).toMatch(refusedBySettings);
    expect(await refusal(sql)).toMatch(refusedBySettings);
  });
});

describe.runIf(available)('query safety: nothing is written, installed or changed', () => {
  it.each([
    [
      'COPY to a file outside',
      () => `COPY (SELECT 1) TO '${join(dir, 'out.csv')}'`,
      'COPY',
      () => join(dir, 'out.csv'),
    ],
    [
      'COPY over a file of the dataset',
      () => `COPY (SELECT 1 AS a) TO '${part}' (FORMAT parquet)`,
      'COPY',
      () => undefined,
    ],
    ['ATTACH of a database file', () => `ATTACH '${join(dir, 'x.db')}'`, 'ATTACH', () => join(dir, 'x.db')],
    ['EXPORT DATABASE', () => `EXPORT DATABASE '${join(dir, 'export')}'`, 'EXPORT', () => join(dir, 'export')],
    ['INSTALL of an extension', () => 'INSTALL httpfs', 'LOAD', () => undefined],
  ])('refuses %s: the SELECT check, and the settings without it', async (_what, sql, type, created) => {
    const before = readFileSync(part);
    // A path the settings close is refused as the statement is prepared, before its type is known.
    const checked = await checkRefusal(sql());
    if (!refusedBySettings.test(checked))
      expect(checked).toBe(`only a SELECT query runs over a dataset, not a ${type} statement`);
    expect(await refusal(sql())).toMatch(refusedBySettings);
    const path = created();
    if (path !== undefined) expect(existsSync(path)).toBe(false);
    expect(readFileSync(part).equals(before)).toBe(true);
  });

  it('refuses a COPY onto a file the settings leave open (a dataset file) by the SELECT check', async () => {
    expect(await checkRefusal(`COPY (SELECT 1 AS a) TO '${part}' (FORMAT parquet)`)).toBe(
      'only a SELECT query runs over a dataset, not a COPY statement',
    );
  });

  it('refuses LOAD of an extension (no extension loads, installed or not)', async () => {
    expect(await checkRefusal('LOAD httpfs')).toBe('only a SELECT query runs over a dataset, not a LOAD statement');
    expect(await refusal('LOAD httpfs')).toBe(
      'Permission Error: Loading external extensions is disabled through configuration',
    );
  });

  it.each([
    'SET enable_external_access = true',
    "SET allowed_paths = ['/etc/passwd']",
    'RESET allowed_paths',
    "SET temp_directory = '/tmp'",
    'SET autoload_known_extensions = true',
  ])('refuses %s (lock_configuration = true)', async (sql) => {
    expect(await checkRefusal(sql)).toMatch(
      /^only a SELECT query runs over a dataset, not a (SET|VARIABLE_SET) statement$/,
    );
    expect(await refusal(sql)).toMatch(
      /^Invalid Input Error: Cannot change configuration option ".+" - the configuration has been locked$/,
    );
  });

  it('keeps extensions from installing or loading on demand, and spills only into a private folder of its own, removed on close', async () => {
    const result = await queryDataset(
      dir,
      {
        sql: "SELECT current_setting('autoinstall_known_extensions') AS i, current_setting('autoload_known_extensions') AS l, current_setting('allow_community_extensions') AS c, current_setting('temp_directory') AS t, current_setting('lock_configuration') AS k, current_setting('TimeZone') AS z, current_setting('memory_limit') AS m",
      },
      { memoryLimit: '100MB' },
    );
    const rows = [];
    for await (const batch of result.rows) rows.push(...batch);
    const [[install, load, community, spill, locked, zone, memory]] = rows as [unknown[]];
    expect([install, load, community, locked, zone]).toEqual([false, false, false, true, 'UTC']);
    expect(memory).toMatch(/^9\d\.\d MiB$/);
    expect(String(spill).startsWith(join(tmpdir(), 'cspm-query-'))).toBe(true);
    expect(existsSync(String(spill))).toBe(false);
  });

  it('runs one SELECT: not two statements, not a CREATE', async () => {
    expect(await checkRefusal('SELECT 1; SELECT 2')).toBe('one SELECT statement runs at a time, not 2');
    expect(await checkRefusal('CREATE TABLE t AS SELECT 1')).toBe(
      'only a SELECT query runs over a dataset, not a CREATE statement',
    );
    expect(await checkRefusal('   ')).toBe('the query is empty');
  });
});

/** Stands for the dataset folder in a case's SQL: the folder is made after the cases are listed. */
function dirPlaceholder(): string {
  return '/DATASET';
}

describe.runIf(hasQueryEngine())("the engine's temporary folder", () => {
  it("is made for the run under the system's, readable by this user only, and removed on close", async () => {
    const open = await openDataset(dir);
    const result = await open.query('spill', "SELECT current_setting('temp_directory') AS t");
    const batches = [];
    for await (const batch of result.rows) batches.push(...batch);
    const spill = String(batches[0]?.[0]);
    expect(spill.startsWith(join(tmpdir(), 'cspm-query-'))).toBe(true);
    if (process.platform !== 'win32') expect(statSync(spill).mode & 0o777).toBe(0o700);
    open.close();
    expect(existsSync(spill)).toBe(false);
  });
});
