import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createEmulator, type Emulator } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';
import { openDuckDb, sqlText, type DuckDb } from '../support/duckdb.js';
import { useTempDir } from '../support/temp-dir.js';

const credentials = { licenseToken: 'LICENSE-TOKEN-1a2b', accountToken: 'ACCOUNT-TOKEN-3c4d', apiKey: 'API-KEY-5e6f' };
const tempDir = useTempDir();
let emulator: Emulator;
let account: { accountId: string; jobId: string };
let db: DuckDb | undefined;

beforeAll(async () => {
  db = await openDuckDb();
});
afterAll(() => db?.close());
beforeEach(async () => {
  emulator = await createEmulator({ credentials });
  const client = createClient({ baseUrl: emulator.url, licenseToken: credentials.licenseToken });
  account = await client.onboardAccount('azure', 'L1', {
    AccountName: 'Payments',
    DomainName: 'contoso.com',
    TenantId: 't-1',
    ADApplicationClientId: 'c-1',
    ADApplicationClientSecret: 'CLIENT-SECRET-9z',
    SubscriptionId: 'sub-1',
  });
});
afterEach(() => emulator.close());

describe('cspm-report fetch -f parquet', () => {
  it('writes the policies and figures tables beside the saved report, which DuckDB reads', async ({ skip }) => {
    if (db === undefined) return skip();
    const dir = tempDir();
    const env = {
      CSPM_BASE_URL: emulator.url,
      CSPM_ACCOUNT_TOKEN: credentials.accountToken,
      CSPM_API_KEY: credentials.apiKey,
    };
    const ids = ['--license', 'L1', '--account', account.accountId, '--job', account.jobId, '--benchmark', 'CSBP'];
    const result = await runInProcess(['fetch', ...ids, '--out-dir', dir, '-f', 'parquet', '-f', 'parquet-figures'], {
      env,
    });
    expect(result.stderr).not.toMatch(/^cspm-report:/m);
    expect(result.code, result.stderr).toBe(0);
    const base = join(dir, `${account.accountId}_CSBP_${account.jobId}`);
    expect(
      await db.rows(
        `SELECT count(*)::INTEGER AS n, min(account_name) AS account FROM read_parquet(${sqlText(`${base}.parquet`)})`,
      ),
    ).toEqual([{ n: 127, account: 'Payments' }]);
    expect(
      await db.rows(`SELECT policies FROM read_parquet(${sqlText(`${base}.figures.parquet`)}) WHERE level = 'report'`),
    ).toEqual([{ policies: 127 }]);
  });
});
