import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { hasQueryEngine } from '../support/query-engine.js';

const available = hasQueryEngine();

interface FleetGenerator {
  generateFleetDataset(dir: string, accounts: number, scans: number, seed?: number): Promise<void>;
}

async function generator(): Promise<FleetGenerator> {
  return (await import(pathToFileURL(resolve('scripts/generate-fleet-dataset.js')).href)) as FleetGenerator;
}

/** The rows of one query over a dataset, through `cspm-report query`. */
async function query<T>(dataset: string, sql: string): Promise<T[]> {
  const run = await runInProcess(['query', dataset, sql, '-f', 'json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T[];
}

/** The columns and types of a table's files themselves, partitions left out. */
async function fileColumns(dataset: string, table: string): Promise<string[]> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:');
  try {
    const connection = await instance.connect();
    const glob = join(dataset, table, '*', '*', '*.parquet').replaceAll("'", "''");
    const read = await connection.runAndReadAll(
      `DESCRIBE SELECT * FROM read_parquet('${glob}', hive_partitioning = false)`,
    );
    return read.getRowObjectsJson().map((row) => `${String(row['column_name'])} ${String(row['column_type'])}`);
  } finally {
    instance.closeSync();
  }
}

describe.runIf(available)('scripts/generate-fleet-dataset.js', () => {
  let root: string;
  let fleet: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cspm-generated-fleet-'));
    fleet = join(root, 'fleet');
    await (await generator()).generateFleetDataset(fleet, 200, 30, 5);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes the columns and types render writes, in the same layout', async () => {
    const lake = join(root, 'written');
    expect((await runInProcess(['render', 'samples/aws-cis.json', '-f', 'parquet', '--out-dir', lake])).code).toBe(0);
    for (const table of ['policies', 'figures'])
      expect(await fileColumns(fleet, table)).toEqual(await fileColumns(lake, table));
  });

  it('keeps each policy colour for weeks, and its resources agreeing with it', async () => {
    const [changes] = await query<{ most: number; policies: number }>(
      fleet,
      `SELECT max(changes) AS most, count(*) AS policies FROM (
         SELECT account_id, policy_id, count(*) FILTER (compliance <> before) AS changes FROM (
           SELECT account_id, policy_id, compliance, lag(compliance) OVER (PARTITION BY account_id, policy_id ORDER BY scan_time) AS before FROM policies)
         GROUP BY ALL)`,
    );
    // A new draw every 13 weeks at the most: over 30 scans, three changes at most.
    expect(changes?.most).toBeLessThanOrEqual(3);
    const [wrong] = await query<{ rows: number }>(
      fleet,
      `SELECT count(*) AS rows FROM policies WHERE NOT CASE compliance
         WHEN 'Green' THEN passed_resources = total_resources AND total_resources > 0
         WHEN 'Red' THEN passed_resources = 0 AND total_resources > 0
         WHEN 'Amber' THEN passed_resources > 0 AND passed_resources < total_resources
         WHEN 'Gray' THEN passed_resources = 0 AND total_resources = 0 END`,
    );
    expect(wrong?.rows).toBe(0);
  });

  it('has several connectors, accounts lost before the latest scan, and a figures table recounted from the policies', async () => {
    const connectors = await query<{ connector: string }>(
      fleet,
      'SELECT DISTINCT connector FROM policies ORDER BY connector',
    );
    expect(connectors.map((row) => row.connector)).toEqual(['AWS', 'Azure', 'Office365']);
    const [lost] = await query<{ lost: number }>(
      fleet,
      'SELECT count(*) AS lost FROM (SELECT account_id, max(scan_date) AS last FROM policies GROUP BY ALL) WHERE last < (SELECT max(scan_date) FROM policies)',
    );
    expect(lost?.lost).toBeGreaterThan(0);
    const [mismatched] = await query<{ rows: number; reports: number }>(
      fleet,
      `WITH counted AS (
         SELECT job_id, account_id, count(*) AS policies, count(*) FILTER (compliance = 'Green') AS green,
           count(*) FILTER (compliance = 'Red') AS red, count(*) FILTER (compliance = 'Gray') AS gray
         FROM policies GROUP BY ALL)
       SELECT count(*) FILTER (f.policies <> c.policies OR f.green <> c.green OR f.red <> c.red OR f.gray <> c.gray
           OR abs(f.compliance_percent - c.green * 100.0 / (c.policies - c.gray)) > 1e-9) AS rows, count(*) AS reports
       FROM figures f JOIN counted c USING (job_id, account_id) WHERE f.level = 'report'`,
    );
    expect(mismatched?.rows).toBe(0);
    expect(mismatched?.reports).toBeGreaterThan(200 * 25);
  });

  it('gives the same rows for the same seed, and others for another', async () => {
    const digest = async (dir: string): Promise<unknown> =>
      (
        await query(dir, 'SELECT sum(hash(job_id, policy_id, compliance, passed_resources)) AS digest FROM policies')
      )[0];
    const again = join(root, 'again');
    const other = join(root, 'other');
    await (await generator()).generateFleetDataset(again, 200, 30, 5);
    await (await generator()).generateFleetDataset(other, 200, 30, 6);
    expect(await digest(again)).toEqual(await digest(fleet));
    expect(await digest(other)).not.toEqual(await digest(fleet));
  });
});
