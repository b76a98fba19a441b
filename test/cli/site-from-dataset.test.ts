import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteOverview } from '../../src/model/site.js';
import { runInProcess } from '../support/cli-run.js';
import { hasQueryEngine } from '../support/query-engine.js';
import { useTempDir } from '../support/temp-dir.js';
import { siteAccounts, writeSiteFleet } from '../render/site/site-fleet.js';

const available = hasQueryEngine();
const tempDir = useTempDir();

interface AccountsChunk {
  columns: string[];
  rows: unknown[][];
}

/**
 * The value a data chunk of the site hands the page, read as the page reads it: the
 * chunk run as a script against a stub of `window.cspmSite.receive`. The one place that
 * knows the chunks' form (compressed JSON).
 */
function readSiteData<T>(path: string): T {
  const received: unknown[] = [];
  const window = { cspmSite: { receive: (_name: string, value: unknown) => void received.push(value) } };
  runInNewContext(readFileSync(path, 'utf8'), { window });
  expect(received, path).toHaveLength(1);
  // Raw DEFLATE of the JSON, in base64, as the page inflates it.
  return JSON.parse(inflateRawSync(Buffer.from(received[0] as string, 'base64')).toString('utf8')) as T;
}

function rowsOf(chunk: AccountsChunk): Record<string, unknown>[] {
  return chunk.rows.map((row) => Object.fromEntries(chunk.columns.map((name, at) => [name, row[at]])));
}

describe.runIf(available)('cspm-report site from a posture dataset', () => {
  // Written once for the file: the saved scans of a small fleet and the dataset render writes of them.
  let root: string;
  let scans: string;
  let lake: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cspm-site-dataset-'));
    scans = join(root, 'scans');
    lake = join(root, 'lake');
    await writeSiteFleet(scans, siteAccounts);
    // With the paths, as a folder run names its sources: a scan's folder tells a lost account.
    const written = await runInProcess(['render', scans, '-f', 'parquet', '--out-dir', lake, '--show-paths']);
    expect(written.code, written.stderr).toBe(0);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('shows the same overview and accounts as the site of the saved reports the dataset was written from', async () => {
    const fromScans = join(tempDir(), 'from-scans');
    const fromLake = join(tempDir(), 'from-lake');
    const fromScansRun = await runInProcess(['site', scans, '-o', fromScans]);
    expect(fromScansRun.code).toBe(0);
    const run = await runInProcess(['site', lake, '-o', fromLake]);
    // The same files: one per policy of the three samples, a shard of accounts, and the rest.
    expect(run.stderr).toBe(fromScansRun.stderr.replace(fromScans, fromLake));
    expect(run.code).toBe(0);
    for (const chunk of ['data/policies.js', 'data/account/0.js'])
      expect(readSiteData(join(fromLake, chunk)), chunk).toEqual(readSiteData(join(fromScans, chunk)));
    const overview = readSiteData<SiteOverview>(join(fromLake, 'data/overview.js'));
    expect(overview).toEqual(readSiteData<SiteOverview>(join(fromScans, 'data/overview.js')));
    expect(overview).toMatchObject({ accounts: 4, lost: 1, latest: '2024-03-18' });
    const accounts = readSiteData<AccountsChunk>(join(fromLake, 'data/accounts.js'));
    expect(accounts).toEqual(readSiteData<AccountsChunk>(join(fromScans, 'data/accounts.js')));
    expect(rowsOf(accounts).map((row) => row.accountId)).toEqual([
      'aws-payments',
      'aws-sandbox',
      'azure-data',
      'o365-corp',
    ]);
  });

  it("states each account's latest compliance as query reads it from the dataset's figures table", async () => {
    const out = join(tempDir(), 'site');
    expect((await runInProcess(['site', lake, '-o', out])).code).toBe(0);
    const queried = await runInProcess([
      'query',
      lake,
      "SELECT account_id, compliance_percent FROM figures WHERE level = 'report' QUALIFY row_number() OVER (PARTITION BY account_id, benchmark_id ORDER BY scan_time DESC) = 1 ORDER BY account_id",
      '-f',
      'json',
    ]);
    expect(queried.code, queried.stderr).toBe(0);
    const figures = JSON.parse(queried.stdout) as { account_id: string; compliance_percent: number }[];
    const accounts = rowsOf(readSiteData<AccountsChunk>(join(out, 'data/accounts.js')));
    expect(accounts.map((row) => row.accountId)).toEqual(figures.map((row) => row.account_id));
    accounts.forEach((row, at) =>
      // Three decimals in the site's data: its pages show one.
      expect(row.percent as number, String(row.accountId)).toBeCloseTo(figures[at]?.compliance_percent ?? NaN, 3),
    );
  });

  it('reads a dataset of one Parquet file as it reads a folder', async () => {
    const file = join(tempDir(), 'fleet.parquet');
    const written = await runInProcess(['render', scans, '-f', 'parquet', '-o', file, '--show-paths']);
    expect(written.code, written.stderr).toBe(0);
    const out = join(tempDir(), 'site');
    const run = await runInProcess(['site', file, '-o', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(readSiteData<SiteOverview>(join(out, 'data/overview.js'))).toMatchObject({ accounts: 4, lost: 1 });
  });

  it('refuses saved reports and a dataset in one run, naming both (exit code 2)', async () => {
    const run = await runInProcess(['site', lake, join(scans, '2024-03-18'), '-o', join(tempDir(), 'site')]);
    expect(run.stderr).toBe(
      `cspm-report: invalid usage: a posture dataset and saved reports are not mixed: ${lake} is a dataset, ${join(scans, '2024-03-18')} is not\n`,
    );
    expect(run.code).toBe(2);
  });

  it('says in one line what is wrong with a dataset that is none, or holds no scan (exit code 2)', async () => {
    const dir = tempDir();
    const broken = join(dir, 'broken.parquet');
    writeFileSync(broken, 'not parquet at all');
    const empty = join(dir, 'empty');
    mkdirSync(join(empty, 'policies'), { recursive: true });
    const missing = join(dir, 'missing.parquet');
    for (const [input, message] of [
      [broken, new RegExp(`^cspm-report: not a posture dataset: ${broken}: .+\\n$`)],
      [empty, new RegExp(`^cspm-report: not a posture dataset: ${empty}: holds no dataset: .+\\n$`)],
      [missing, new RegExp(`^cspm-report: no such file or directory: ${missing}\\n$`)],
    ] as const) {
      const run = await runInProcess(['site', input, '-o', join(dir, 'site')]);
      expect(run.stderr, input).toMatch(message);
      expect(run.stderr.split('\n')).toHaveLength(2);
      expect(run.code, input).toBe(2);
    }
  });
});
