import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createEmulator, type Emulator } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const credentials = {
  licenseToken: 'LICENSE-TOKEN-1a2b',
  accountToken: 'ACCOUNT-TOKEN-3c4d',
  apiKey: 'API-KEY-5e6f',
  applicationId: 'app-id',
  applicationSecret: 'APP-SECRET-7a8b',
};
const tempDir = useTempDir();
let emulator: Emulator;
let ids: string[];

beforeEach(async () => {
  emulator = await createEmulator({ credentials });
  const client = createClient({ baseUrl: emulator.url, licenseToken: credentials.licenseToken });
  const { accountId, jobId } = await client.onboardAccount('azure', 'L1', {
    AccountName: 'Payments',
    DomainName: 'contoso.com',
    TenantId: 't-1',
    ADApplicationClientId: 'c-1',
    ADApplicationClientSecret: 'CLIENT-SECRET',
    SubscriptionId: 'sub-1',
  });
  ids = ['--license', 'L1', '--account', accountId, '--job', jobId, '--benchmark', 'CSBP'];
});
afterEach(() => emulator.close());

const env = (): Record<string, string> => ({
  CSPM_BASE_URL: emulator.url,
  CSPM_ACCOUNT_TOKEN: credentials.accountToken,
  CSPM_API_KEY: credentials.apiKey,
});

describe('cspm-report fetch', () => {
  it('saves the envelope to -o, checks it and exits 0', async () => {
    const file = join(tempDir(), 'report.json');
    const result = await runInProcess(['fetch', ...ids, '-o', file], { env: env() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('report.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      statusCode: 200,
      result: [{ BenchmarkId: 'CSBP' }],
    });
  });

  it('writes the envelope to standard output with --no-check', async () => {
    const result = await runInProcess(['fetch', ...ids, '--no-check'], { env: env() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ statusCode: 200 });
    expect(result.stderr).toBe('');
  });

  it('reads secrets from --…-file flags and obtains the account token with the application credentials', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'key'), `${credentials.apiKey}\n`);
    writeFileSync(join(dir, 'secret'), `${credentials.applicationSecret}\n`);
    const result = await runInProcess(
      [
        'fetch',
        ...ids,
        '--base-url',
        emulator.url,
        '--api-key-file',
        join(dir, 'key'),
        '--app-secret-file',
        join(dir, 'secret'),
        '--app-id',
        'app-id',
        '--no-check',
      ],
      { env: {} },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('prints one line naming the HTTP status and the service message, without the secret, and exits 4 (the service refused)', async () => {
    const result = await runInProcess(['fetch', ...ids], { env: { ...env(), CSPM_API_KEY: 'WRONG-KEY-0000' } });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^cspm-report: the service refused the request: GET http:\/\/127\.0\.0\.1:\d+\/audit\/\S+: HTTP 401: invalid Ocp-Apim-Subscription-Key\n$/,
    );
    expect(result.stderr).not.toContain('WRONG-KEY');
  });

  it('needs a base URL', async () => {
    const result = await runInProcess(['fetch', ...ids], { env: { CSPM_ACCOUNT_TOKEN: 'x' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--base-url');
  });
});
