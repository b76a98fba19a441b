import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';
import { freePort, tools, useFolder, useServers, type RunningServer } from './api-tools.js';

/**
 * prism proxy between the client and `cspm-report serve`, with the document the emulator
 * serves at /openapi.json: it checks every request and every answer against the document
 * and, with --errors, turns a violation into an error answer (422 or 500, which the client
 * refuses) and an error line of its log.
 */
const folder = useFolder();
const start = useServers();
const secrets = {
  CSPM_LICENSE_TOKEN: 'PROXY-LICENSE-TOKEN-71',
  CSPM_ACCOUNT_TOKEN: 'PROXY-ACCOUNT-TOKEN-72',
  CSPM_API_KEY: 'PROXY-API-KEY-73',
  CSPM_APP_ID: 'proxy-app',
  CSPM_APP_SECRET: 'PROXY-APP-SECRET-74',
  CSPM_AD_CLIENT_SECRET: 'PROXY-CLIENT-SECRET-75',
};
let proxy: RunningServer;
let baseUrl: string;

/** The lines of prism's log that report a violation or a failed request: errors and warnings. */
const problemsOf = (log: string) => log.split('\n').filter((line) => /✖|⚠|violation/i.test(line));

beforeAll(async () => {
  const emulatorPort = await freePort();
  const emulator = await start(resolve(bin), ['serve', '--port', String(emulatorPort), '--scan-seconds', '1'], {
    logFile: join(folder(), 'serve.log'),
    ready: /listening on (http:\S+)/,
    port: emulatorPort,
    env: secrets,
  });
  const upstream = emulator.ready[1]!;
  const port = await freePort();
  proxy = await start(
    tools.prism,
    ['proxy', `${upstream}/openapi.json`, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)],
    { logFile: join(folder(), 'prism-proxy.log'), ready: /Prism is listening/, port },
  );
  baseUrl = `http://127.0.0.1:${port}`;
}, 180_000);

describe('the client through prism proxy to cspm-report serve', () => {
  it.each([
    { kind: 'aws', flags: ['--aws-account-id', '123456789012', '--aws-role-name', 'Audit'], benchmarks: 1 },
    {
      kind: 'azure',
      flags: [
        '--domain-name',
        'contoso.com',
        '--tenant-id',
        'T',
        '--ad-application-client-id',
        'C',
        '--subscription-id',
        'S',
      ],
      benchmarks: 3,
    },
    {
      kind: 'office365',
      flags: ['--domain-name', 'contoso.com', '--tenant-id', 'T', '--ad-application-client-id', 'C'],
      benchmarks: 1,
    },
  ])(
    'onboards $kind, waits for its scan and fetches every benchmark, with no violation',
    async ({ kind, flags, benchmarks }) => {
      const onboarded = await runInProcess(
        [
          'onboard',
          kind,
          '--base-url',
          baseUrl,
          '--license',
          'L1',
          '--account-name',
          'Payments',
          ...flags,
          '--wait',
          '--poll-seconds',
          '0.5',
          '--format',
          'json',
        ],
        { env: secrets },
      );
      expect(onboarded.code, onboarded.stderr).toBe(0);
      const { accountId, jobId } = JSON.parse(onboarded.stdout) as { accountId: string; jobId: string };
      const out = join(folder(), kind);
      const fetched = await runInProcess(
        [
          'fetch',
          '--base-url',
          baseUrl,
          '--license',
          'L1',
          '--account',
          accountId,
          '--job',
          jobId,
          '--benchmark',
          'all',
          '--out-dir',
          out,
        ],
        { env: secrets },
      );
      expect(fetched.code, fetched.stderr).toBe(0);
      expect(readdirSync(out)).toHaveLength(benchmarks);
      expect(problemsOf(proxy.log())).toEqual([]);
    },
    120_000,
  );

  it('obtains the license and account tokens with the API application credentials, with no violation', async () => {
    const credentials = {
      CSPM_API_KEY: secrets.CSPM_API_KEY,
      CSPM_APP_ID: secrets.CSPM_APP_ID,
      CSPM_APP_SECRET: secrets.CSPM_APP_SECRET,
    };
    const onboarded = await runInProcess(
      [
        'onboard',
        'aws',
        '--base-url',
        baseUrl,
        '--license',
        'L2',
        '--account-name',
        'Shop',
        '--aws-account-id',
        '210987654321',
        '--aws-role-name',
        'Audit',
        '--wait',
        '--poll-seconds',
        '0.5',
        '--format',
        'json',
      ],
      { env: credentials },
    );
    expect(onboarded.code, onboarded.stderr).toBe(0);
    const { accountId, jobId } = JSON.parse(onboarded.stdout) as { accountId: string; jobId: string };
    const fetched = await runInProcess(
      [
        'fetch',
        '--base-url',
        baseUrl,
        '--license',
        'L2',
        '--account',
        accountId,
        '--job',
        jobId,
        '--benchmark',
        'CISAWS140',
        '-o',
        join(folder(), 'shop.json'),
      ],
      { env: credentials },
    );
    expect(fetched.code, fetched.stderr).toBe(0);
    expect(fetched.stdout).toContain('no findings in 1 file, 1 valid report');
    expect(problemsOf(proxy.log())).toEqual([]);
    expect(proxy.log()).toMatch(/Forwarding "post" request to http:\S+\/authorize\/license\/L2\/token\?accountId=/);
  }, 120_000);

  it('reports a request the document forbids, so that the checks above can fail', async () => {
    const response = await fetch(`${baseUrl}/onboarding/license/L1/account/aws`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secrets.CSPM_LICENSE_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ AccountName: 'Shop', AWSAccountId: '123456789012' }),
    });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("must have required property 'AWSRoleName'");
    // prism writes its log line after it has answered.
    await expect
      .poll(() => problemsOf(proxy.log()), { timeout: 10_000 })
      .toEqual([
        expect.stringMatching(/post \/onboarding\/license\/L1\/account\/aws ✖ +error +Request terminated with error/),
      ]);
  });
});
