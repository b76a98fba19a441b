import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import {
  startHostileServer,
  success,
  type Answer,
  type HostileServer,
  type SeenRequest,
} from '../support/hostile-server.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const accountToken = 'ACCOUNT-TOKEN-3c4d';
const publishedBenchmarks = readFileSync(
  new URL('../fixtures/service/get-supported-benchmarks.json', import.meta.url),
  'utf8',
);

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(answer: (request: SeenRequest) => Answer): Promise<Record<string, string>> {
  server = await startHostileServer(answer);
  return { CSPM_BASE_URL: server.url, CSPM_ACCOUNT_TOKEN: accountToken, CSPM_LICENSE_TOKEN: 'LICENSE-TOKEN-1a2b' };
}

const ids = (account: string, benchmark = 'CSBP'): string[] => [
  '--license',
  'L1',
  '--account',
  account,
  '--job',
  'J1',
  '--benchmark',
  benchmark,
];

describe('fetch against a service answering in its published shapes', () => {
  it('saves and checks a summary answered as a bare array of reports, as check reads the same file', async () => {
    const env = await serve(() => ({ status: 200, body: [minimalReport()] }));
    const file = join(tempDir(), 'report.json');
    const fetched = await runInProcess(['fetch', ...ids('A1'), '-o', file], { env });
    expect(fetched.stderr).toBe('');
    expect(fetched.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([minimalReport()]);
    expect((await runInProcess(['check', file])).code).toBe(0);
  });

  it('--benchmark all takes the published getSupportedBenchmarks answer, an envelope in an array', async () => {
    const env = await serve(({ target }) =>
      target.endsWith('/benchmarks') ? { status: 200, body: publishedBenchmarks } : success([minimalReport()]),
    );
    const out = tempDir();
    const run = await runInProcess(['fetch', ...ids('A1', 'all'), '--out-dir', out, '--no-check'], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readdirSync(out)).toHaveLength(25);
  });
});

describe('fetch and onboard against ids that are path steps', () => {
  it('refuses --account .. before any request, naming it, exit 2', async () => {
    const env = await serve(() => success([minimalReport()]));
    const run = await runInProcess(['fetch', ...ids('..'), '-o', join(tempDir(), 'report.json')], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'cspm-report: invalid usage: --account is "..", which a URL takes for a step in its path, not a name; it goes into the request\'s URL path\n',
    );
    expect(server!.seen).toEqual([]);
  });

  it('refuses a job "." in an accounts file before any request, naming the line, exit 2', async () => {
    const env = await serve(() => success([minimalReport()]));
    const accounts = join(tempDir(), 'fleet.csv');
    writeFileSync(accounts, 'license,account,job,benchmark\nL1,A1,J1,CSBP\nL1,A2,.,CSBP\n');
    const run = await runInProcess(['fetch', '--accounts', accounts, '--out-dir', join(tempDir(), 'out')], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${accounts}:3 /job: is ".", which a URL takes for a step in its path`);
    expect(server!.seen).toEqual([]);
  });

  it('fetches nothing for a benchmark list holding "..": the listing fails naming it, exit 1', async () => {
    const env = await serve(({ target }) =>
      target.endsWith('/benchmarks') ? success([{ name: 'up', benchmarkId: '..' }]) : success([minimalReport()]),
    );
    const out = tempDir();
    const run = await runInProcess(['fetch', ...ids('A1', 'all'), '--out-dir', out], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('benchmarkId is ".."');
    expect(server!.seen.map(({ target }) => target)).toEqual(['/audit/license/L1/account/A1/benchmarks']);
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('what the command line shows of a service message', () => {
  it('prints one bounded line of a 5 MB message', async () => {
    const env = await serve(() => ({
      status: 400,
      body: { statusCode: 400, message: `no\n${'x'.repeat(5 * 2 ** 20)}` },
    }));
    const run = await runInProcess(['fetch', ...ids('A1'), '-o', join(tempDir(), 'report.json')], { env });
    expect(run.code).toBe(4);
    expect(run.stderr.split('\n')).toHaveLength(2);
    expect(run.stderr.length).toBeLessThan(1000);
    expect(run.stderr).toMatch(/: no\\u000axxx+… \(\d+ more characters\)\n$/);
  });
});

describe('onboard --wait', () => {
  it('ends the wait at once on a status it does not know, naming it, exit 4', async () => {
    let polls = 0;
    const env = await serve(({ method }) =>
      method === 'POST'
        ? success({ accountId: 'A1', jobId: 'J1' })
        : success({ jobStatus: ++polls === 1 ? 'Queued' : 'Success' }),
    );
    const flags = [
      '--license',
      'L1',
      '--account-name',
      'Prod',
      '--aws-account-id',
      '123456789012',
      '--aws-role-name',
      'Audit',
    ];
    const run = await runInProcess(['onboard', 'aws', ...flags, '--wait', '--poll-seconds', '0.01'], { env });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(
      /^cspm-report: unexpected answer from the service: .*\/job\/J1\/status: result has the job status "Queued", none of Pending, New, Running, Success, Failed\n$/,
    );
    expect(polls).toBe(1);
  });
});
