import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';

const credentials = {
  licenseToken: 'LICENSE-TOKEN-1a2b',
  accountToken: 'ACCOUNT-TOKEN-3c4d',
  apiKey: 'API-KEY-5e6f',
  applicationId: 'app-id',
  applicationSecret: 'APP-SECRET-7a8b',
};
const clientSecret = 'CLIENT-SECRET-9z';
const secrets = [
  credentials.licenseToken,
  credentials.accountToken,
  credentials.apiKey,
  credentials.applicationSecret,
  clientSecret,
];
let emulator: Emulator;

beforeEach(async () => {
  emulator = await createEmulator({ credentials });
});
afterEach(() => emulator.close());

const azure = [
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
  '--format',
  'json',
];

describe('the options of the commands that call the service', () => {
  it('--env trial takes the base URL from CSPM_BASE_URL_TRIAL', async () => {
    const result = await runInProcess(['onboard', 'azure', ...azure, '--env', 'trial'], {
      env: {
        CSPM_BASE_URL_TRIAL: emulator.url,
        CSPM_BASE_URL: 'https://wrong.invalid',
        CSPM_LICENSE_TOKEN: credentials.licenseToken,
        CSPM_AD_CLIENT_SECRET: clientSecret,
      },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ accountId: expect.any(String), jobId: expect.any(String) });
  });

  it.each([
    [['--env', 'production'], {}, '--env production needs $CSPM_BASE_URL_PRODUCTION set'],
    [
      ['--env', 'trial', '--base-url', 'https://x.invalid'],
      { CSPM_BASE_URL_TRIAL: 'https://y.invalid' },
      '--base-url and --env exclude each other',
    ],
    [['--env', 'staging'], {}, '--env "staging" is not one of'],
    [[], {}, 'no service: give --base-url or --env, or set CSPM_BASE_URL'],
  ])('%j: one line, exit 2', async (extra, env: Record<string, string>, message) => {
    const result = await runInProcess(
      ['fetch', '--license', 'L', '--account', 'A', '--job', 'J', '--benchmark', 'B', ...extra],
      { env: { CSPM_ACCOUNT_TOKEN: 't', ...env } },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });

  it('--debug traces each request with placeholders for every secret, token exchanges included', async () => {
    const env = {
      CSPM_BASE_URL: emulator.url,
      CSPM_APP_ID: credentials.applicationId,
      CSPM_APP_SECRET: credentials.applicationSecret,
      CSPM_API_KEY: credentials.apiKey,
      CSPM_AD_CLIENT_SECRET: clientSecret,
    };
    const onboarded = await runInProcess(['onboard', 'azure', ...azure, '--debug'], { env });
    expect(onboarded.code).toBe(0);
    const { accountId, jobId } = JSON.parse(onboarded.stdout) as { accountId: string; jobId: string };
    const fetched = await runInProcess(
      [
        'fetch',
        '--license',
        'L1',
        '--account',
        accountId,
        '--job',
        jobId,
        '--benchmark',
        'CSBP',
        '--no-check',
        '--debug',
      ],
      { env },
    );
    expect(fetched.code).toBe(0);
    const trace = onboarded.stderr + fetched.stderr;
    expect(trace).toMatch(/^→ POST http:\/\/127\.0\.0\.1:\d+\/authorize\/license\/L1\/token$/m);
    expect(trace).toContain('"Secret":"<API_APPLICATION_SECRET>"');
    expect(trace).toMatch(/^→ POST \S+\/onboarding\/license\/L1\/account\/azure$/m);
    expect(trace).toContain('authorization: Bearer <LICENSE_TOKEN>');
    expect(trace).toContain('"ADApplicationClientSecret":"<AD_APPLICATION_CLIENT_SECRET>"');
    expect(trace).toMatch(new RegExp(`^→ POST \\S+/authorize/license/L1/token\\?accountId=${accountId}$`, 'm'));
    expect(trace).toMatch(/^→ GET \S+\/summary$/m);
    expect(trace).toContain('authorization: Bearer <ACCOUNT_TOKEN>');
    expect(trace).toContain('ocp-apim-subscription-key: <API_KEY>');
    expect(trace).toMatch(/^← 200 GET \S+\/summary in [\d.]+ ms$/m);
    for (const secret of secrets) expect(trace + onboarded.stdout + fetched.stdout).not.toContain(secret);
  });

  it('prints no trace without --debug', async () => {
    const result = await runInProcess(['onboard', 'azure', ...azure], {
      env: {
        CSPM_BASE_URL: emulator.url,
        CSPM_LICENSE_TOKEN: credentials.licenseToken,
        CSPM_AD_CLIENT_SECRET: clientSecret,
      },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });

  it("--debug with the README's demo tokens (lt, at, key) hides them without garbling the words they occur in", async () => {
    const demo = await createEmulator({ credentials: { licenseToken: 'lt', accountToken: 'at', apiKey: 'key' } });
    try {
      const env = { CSPM_BASE_URL: demo.url, CSPM_LICENSE_TOKEN: 'lt', CSPM_ACCOUNT_TOKEN: 'at', CSPM_API_KEY: 'key' };
      const result = await runInProcess(
        ['fetch', '--license', 'L1', '--account', 'A1', '--job', 'J1', '--benchmark', 'CSBP', '--no-check', '--debug'],
        { env },
      );
      // Before, every "at" and "key" was replaced: applic<ACCOUNT_TOKEN>ion/json, ocp-apim-subscription-<API_KEY>.
      expect(result.stderr).toContain('application/json');
      expect(result.stderr).toContain('ocp-apim-subscription-key: <API_KEY>');
      expect(result.stderr).toContain('authorization: Bearer <ACCOUNT_TOKEN>');
      expect(result.stderr).not.toMatch(/Bearer at\b|: key$/m);
    } finally {
      await demo.close();
    }
  });

  it('refuses a token under 8 characters for a service on another host, exit 2, without showing it', async () => {
    const result = await runInProcess(
      [
        'fetch',
        '--license',
        'L',
        '--account',
        'A',
        '--job',
        'J',
        '--benchmark',
        'B',
        '--base-url',
        'https://cspm.example.com',
      ],
      { env: { CSPM_ACCOUNT_TOKEN: 'xQ7', CSPM_API_KEY: 'k'.repeat(32) } },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('the account token is 3 characters long');
    expect(result.stderr).not.toContain('xQ7');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
