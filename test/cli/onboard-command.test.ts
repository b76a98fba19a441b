import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { createClient, createEmulator, type Emulator, type EmulatorOptions } from '../../src/index.js';
import { runInProcess, type CliResult } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const credentials = {
  licenseToken: 'LICENSE-TOKEN-1a2b',
  accountToken: 'ACCOUNT-TOKEN-3c4d',
  apiKey: 'API-KEY-5e6f',
  applicationId: 'app-id',
  applicationSecret: 'APP-SECRET-7a8b',
};
const clientSecret = 'AD-CLIENT-SECRET-9f0e';
const secrets = [
  credentials.licenseToken,
  credentials.accountToken,
  credentials.apiKey,
  credentials.applicationSecret,
  clientSecret,
];
const tempDir = useTempDir();
let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  emulator = await createEmulator({ credentials, ...options });
  return emulator;
}

const env = (url: string, extra: Record<string, string> = {}): Record<string, string> => ({
  CSPM_BASE_URL: url,
  CSPM_LICENSE_TOKEN: credentials.licenseToken,
  CSPM_API_KEY: credentials.apiKey,
  CSPM_AD_CLIENT_SECRET: clientSecret,
  ...extra,
});

const azureFlags = [
  '--license',
  'L1',
  '--account-name',
  'Payments',
  '--domain-name',
  'contoso.com',
  '--tenant-id',
  't-1',
  '--ad-application-client-id',
  'c-1',
  '--subscription-id',
  'sub-1',
];
const awsFlags = [
  '--license',
  'L1',
  '--account-name',
  'Prod',
  '--aws-account-id',
  '123456789012',
  '--aws-role-name',
  'Audit',
];
const officeFlags = [
  '--license',
  'L1',
  '--account-name',
  'Mail',
  '--domain-name',
  'contoso.com',
  '--tenant-id',
  't-1',
  '--ad-application-client-id',
  'c-1',
];

function expectNoSecret(result: CliResult): void {
  for (const secret of secrets) expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
}

function idsOf(stdout: string): { accountId: string; jobId: string } {
  const match = /^accountId (\S+)\njobId (\S+)\n$/.exec(stdout);
  expect(match).not.toBeNull();
  return { accountId: match![1]!, jobId: match![2]! };
}

describe('cspm-report onboard', () => {
  it.each([
    ['aws', awsFlags],
    ['azure', azureFlags],
    ['office365', officeFlags],
  ])('onboards a %s account and prints its ids', async (kind, flags) => {
    const { url } = await start();
    const result = await runInProcess(['onboard', kind, ...flags], { env: env(url) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    idsOf(result.stdout);
    expectNoSecret(result);
  });

  it('onboards an azure account whose summary the client then fetches', async () => {
    const { url } = await start();
    const result = await runInProcess(['onboard', 'azure', ...azureFlags], { env: env(url) });
    const { accountId, jobId } = idsOf(result.stdout);
    const client = createClient({ baseUrl: url, accountToken: credentials.accountToken, apiKey: credentials.apiKey });
    expect(await client.getAuditSummary({ licenseId: 'L1', accountId, jobId, benchmarkId: 'CSBP' })).toMatchObject({
      statusCode: 200,
      result: [{ AccountId: accountId }],
    });
  });

  it('prints a JSON object with --format json', async () => {
    const { url } = await start();
    const result = await runInProcess(['onboard', 'aws', ...awsFlags, '--format', 'json'], { env: env(url) });
    expect(result.code).toBe(0);
    expect(Object.keys(JSON.parse(result.stdout) as object)).toEqual(['accountId', 'jobId']);
  });

  it('takes the body from --body FILE, a flag overriding its field, and the secret from --ad-client-secret-file', async () => {
    const { url } = await start();
    const dir = tempDir();
    writeFileSync(
      join(dir, 'body.json'),
      JSON.stringify({
        AccountName: 'From file',
        DomainName: 'contoso.com',
        TenantId: 't-1',
        ADApplicationClientId: 'c-1',
        SubscriptionId: 'sub-1',
      }),
    );
    writeFileSync(join(dir, 'secret'), `${clientSecret}\n`);
    const noSecretEnv = env(url, { CSPM_AD_CLIENT_SECRET: '' });
    const result = await runInProcess(
      [
        'onboard',
        'azure',
        '--license',
        'L1',
        '--body',
        join(dir, 'body.json'),
        '--account-name',
        'From flag',
        '--ad-client-secret-file',
        join(dir, 'secret'),
      ],
      { env: noSecretEnv },
    );
    expect(result.stderr).toBe('');
    const { accountId, jobId } = idsOf(result.stdout);
    const client = createClient({ baseUrl: url, accountToken: credentials.accountToken, apiKey: credentials.apiKey });
    expect(await client.getAuditSummary({ licenseId: 'L1', accountId, jobId, benchmarkId: 'CSBP' })).toMatchObject({
      result: [{ AccountName: 'From flag' }],
    });
  });

  it('refuses a --body file that gives a key twice, naming the key and its lines but no value', async () => {
    const dir = tempDir();
    const body = [
      '{',
      '  "AccountName": "Payments",',
      `  "ADApplicationClientSecret": "${clientSecret}",`,
      '  "TenantId": "t-1",',
      '  "ADApplicationClientSecret": "OTHER-SECRET-1234"',
      '}',
    ].join('\n');
    writeFileSync(join(dir, 'body.json'), body);
    const result = await runInProcess(['onboard', 'azure', '--license', 'L1', '--body', join(dir, 'body.json')], {
      env: env('http://127.0.0.1:1'),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `cspm-report: invalid usage: --body ${join(dir, 'body.json')}: key "ADApplicationClientSecret" appears twice (lines 3 and 5); give each field once\n`,
    );
    expect(result.stderr).not.toContain('OTHER-SECRET');
    expectNoSecret(result);
  });

  it('names a missing field and its source, sends nothing and exits 2', async () => {
    // Nothing listens on port 1: a request sent would fail as unreachable, not as invalid.
    const result = await runInProcess(['onboard', 'azure', ...azureFlags.filter((_, index) => index < 8)], {
      env: env('http://127.0.0.1:1', { CSPM_AD_CLIENT_SECRET: '' }),
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'cspm-report: invalid request, not sent: azure account body: missing ADApplicationClientId (--ad-application-client-id), ADApplicationClientSecret ($CSPM_AD_CLIENT_SECRET or --ad-client-secret-file), SubscriptionId (--subscription-id)\n',
    );
  });

  it('refuses a flag of another kind of account, naming it', async () => {
    const result = await runInProcess(['onboard', 'aws', ...awsFlags, '--subscription-id', 'sub-1'], {
      env: env('http://127.0.0.1:1'),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^cspm-report: invalid usage: --subscription-id is not for aws accounts, whose fields are --account-name, --aws-account-id, --aws-role-name\n$/,
    );
  });

  it('takes no client secret as a flag value, and does not echo it', async () => {
    const result = await runInProcess(
      ['onboard', 'azure', ...azureFlags, '--ad-application-client-secret', clientSecret],
      { env: env('http://127.0.0.1:1') },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown option --ad-application-client-secret');
    expectNoSecret(result);
  });

  it('prints one line with the HTTP status and no secret when the token is wrong, and exits 4 (the service refused)', async () => {
    const { url } = await start();
    const result = await runInProcess(['onboard', 'azure', ...azureFlags], {
      env: env(url, { CSPM_LICENSE_TOKEN: 'WRONG-TOKEN-0000' }),
    });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^cspm-report: the service refused the request: POST http:\/\/127\.0\.0\.1:\d+\/onboarding\/license\/L1\/account\/azure: HTTP 401: [^\n]+\n$/,
    );
    expect(result.stderr).not.toContain('WRONG-TOKEN');
    expectNoSecret(result);
  });

  it('follows the scan job with --wait until Success and exits 0', async () => {
    const { url } = await start({ scanSeconds: 0.2 });
    const result = await runInProcess(['onboard', 'office365', ...officeFlags, '--wait', '--poll-seconds', '0.02'], {
      env: env(url, { CSPM_ACCOUNT_TOKEN: credentials.accountToken }),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    idsOf(result.stdout);
  });

  it('follows a scan job that fails with --wait: one line naming the job, exit 1', async () => {
    const { url } = await start({ scanSeconds: 0.2, scanFailureRate: 1 });
    const result = await runInProcess(['onboard', 'azure', ...azureFlags, '--wait', '--poll-seconds', '0.02'], {
      env: env(url, { CSPM_ACCOUNT_TOKEN: credentials.accountToken }),
    });
    const { jobId } = idsOf(result.stdout);
    expect(result.stderr).toBe(`cspm-report: scan job ${jobId} failed\n`);
    expect(result.code).toBe(1);
    expectNoSecret(result);
  });

  it('follows a scan job to Success with --wait at scan failure rate 0, exit 0', async () => {
    const { url } = await start({ scanSeconds: 0.2, scanFailureRate: 0 });
    const result = await runInProcess(['onboard', 'azure', ...azureFlags, '--wait', '--poll-seconds', '0.02'], {
      env: env(url, { CSPM_ACCOUNT_TOKEN: credentials.accountToken }),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    idsOf(result.stdout);
  });

  it('writes progress lines when standard error is a terminal', async () => {
    const { url } = await start({ scanSeconds: 0.2 });
    let stderr = '';
    const io = {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text), isTTY: true },
      stdin: Readable.from([]),
      env: env(url, { CSPM_APP_ID: credentials.applicationId, CSPM_APP_SECRET: credentials.applicationSecret }),
    };
    expect(await runCli(['onboard', 'aws', ...awsFlags, '--wait', '--poll-seconds', '0.02'], io)).toBe(0);
    expect(stderr).toMatch(/: Success\n$/);
    expect(stderr).not.toContain(credentials.applicationSecret);
  });

  it('gives up after --wait-timeout with one line and exit 2', async () => {
    const { url } = await start({ scanSeconds: 600 });
    const result = await runInProcess(
      ['onboard', 'aws', ...awsFlags, '--wait', '--poll-seconds', '0.02', '--wait-timeout', '0.1'],
      { env: env(url, { CSPM_ACCOUNT_TOKEN: credentials.accountToken }) },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^cspm-report: scan job \S+ is still (New|Running) after 0\.1 s \(--wait-timeout\)\n$/,
    );
    idsOf(result.stdout);
  });

  it('needs an account token or application credentials for --wait, before sending', async () => {
    const result = await runInProcess(['onboard', 'aws', ...awsFlags, '--wait'], { env: env('http://127.0.0.1:1') });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--wait needs the account token');
  });
});
