import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeHostileServers, startHostileServer, type HostileServer } from '../client/hostile-server.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
afterEach(closeHostileServers);

const env = {
  CSPM_ACCOUNT_TOKEN: 'ACCOUNT-TOKEN-3c4d',
  CSPM_LICENSE_TOKEN: 'LICENSE-TOKEN-1a2b',
  CSPM_API_KEY: 'API-KEY-5e6f',
};
const ids = ['--license', 'L1', '--account', 'A1', '--job', 'J1', '--benchmark', 'CSBP'];
const onboardAws = [
  'onboard',
  'aws',
  '--license',
  'L1',
  '--account-name',
  'Prod',
  '--aws-account-id',
  '123456789012',
  '--aws-role-name',
  'Audit',
];

/** A server that answers every request with 2 MiB of a JSON string. */
const twoMebibytes = (): Promise<HostileServer> =>
  startHostileServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(`{"statusCode": 200, "result": "${'a'.repeat(2 * 1024 * 1024)}"}`);
  });

describe('the command line against a hostile network', () => {
  it.each(['1e12', '0', '50', '3600001'])('refuses --timeout %s, naming the range, exit 2', async (timeout) => {
    const server = await twoMebibytes();
    const run = await runInProcess(['fetch', ...ids, '--base-url', server.url, '--timeout', timeout, '--no-check'], {
      env,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `cspm-report: invalid usage: --timeout takes a whole number of milliseconds from 100 to 3600000 (one hour), not ${Number(timeout)}\n`,
    );
    expect(server.received).toEqual([]);
  });

  it.each(['64MB', '1.5MiB', 'lots', '512'])(
    'refuses --max-body %s, naming the units or the range, exit 2',
    async (size) => {
      const run = await runInProcess([...onboardAws, '--base-url', 'http://127.0.0.1:9', '--max-body', size], { env });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /^cspm-report: invalid usage: --max-body takes (a whole number of bytes, or with a unit: B, KiB, MiB, GiB \(64MiB\)|a size from 1 KiB to 512 MiB .*)/,
      );
    },
  );

  it('fetch: an answer longer than --max-body is one line naming the limit, exit 2, and nothing is saved', async () => {
    const server = await twoMebibytes();
    const output = join(tempDir(), 'report.json');
    const run = await runInProcess(['fetch', ...ids, '--base-url', server.url, '--max-body', '1MiB', '-o', output], {
      env,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `cspm-report: answer too large: GET ${server.url}/audit/license/L1/account/A1/job/J1/benchmark/CSBP/summary: HTTP 200, the answer is longer than the limit of 1 MiB (--max-body)\n`,
    );
  });

  it('fetch --accounts --concurrency 8: each answer past --max-body fails on its own line, exit 1', async () => {
    const server = await twoMebibytes();
    const dir = tempDir();
    const accounts = join(dir, 'fleet.csv');
    writeFileSync(
      accounts,
      `license,account,job,benchmark\n${Array.from({ length: 16 }, (_, index) => `L1,A${index},J1,CSBP`).join('\n')}\n`,
    );
    const run = await runInProcess(
      [
        'fetch',
        '--accounts',
        accounts,
        '--out-dir',
        join(dir, 'out'),
        '--concurrency',
        '8',
        '--max-body',
        '1 MiB',
        '--base-url',
        server.url,
      ],
      { env },
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(16);
    expect(run.stderr).toContain('answer too large');
    expect(run.stdout).toContain('saved 0 of 16 reports');
  });

  it('fetch: a redirect to another origin is one line naming its Location, exit 4', async () => {
    const server = await startHostileServer((_request, response) => {
      response.writeHead(302, { Location: `https://elsewhere.invalid/steal?key=${env.CSPM_API_KEY}` });
      response.end();
    });
    const run = await runInProcess(['fetch', ...ids, '--base-url', server.url, '--no-check'], { env });
    expect(run.code).toBe(4);
    expect(run.stderr).toBe(
      `cspm-report: redirect not followed: GET ${server.url}/audit/license/L1/account/A1/job/J1/benchmark/CSBP/summary: HTTP 302 to https://elsewhere.invalid/steal?… not followed: it leads from ${server.url} to another origin, where the credentials must not go; if the service has moved, give its base URL\n`,
    );
  });

  it('onboard: a connection reset in the answer says the account may exist and how to find out, exit 4', async () => {
    const server = await startHostileServer((_request, response, raw) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
      response.write('{"result": {"accountId": ');
      setTimeout(() => raw.socket.resetAndDestroy(), 20);
    });
    const run = await runInProcess([...onboardAws, '--base-url', server.url], { env });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(
      /^cspm-report: onboarding outcome unknown: POST http:\/\/127\.0\.0\.1:\d+\/onboarding\/license\/L1\/account\/aws: the request was sent but the connection to 127\.0\.0\.1:\d+ broke before the answer was complete, so the account "Prod" may or may not have been created\. Do not onboard it again before finding out: .*\n$/,
    );
    expect(server.received).toHaveLength(1);
  });
});
