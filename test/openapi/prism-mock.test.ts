import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { freePort, tools, useFolder, useServers } from './api-tools.js';

/**
 * A mock made from the document alone must answer what the client accepts: prism's
 * static mock answers each operation's first example, or, without one, a value it
 * builds from the schema (statusCode 0 when nothing fixes it to 200).
 */
const folder = useFolder();
const start = useServers();
const secrets = {
  CSPM_LICENSE_TOKEN: 'MOCK-LICENSE-TOKEN-61',
  CSPM_ACCOUNT_TOKEN: 'MOCK-ACCOUNT-TOKEN-62',
  CSPM_API_KEY: 'MOCK-API-KEY-63',
  CSPM_AD_CLIENT_SECRET: 'MOCK-CLIENT-SECRET-64',
};
let baseUrl: string;
let document: {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<
          string,
          { content: Record<string, { examples: Record<string, { value: { result: unknown } }> }> }
        >;
      }
    >
  >;
};

/** The `result` of the first example of an operation's 200 response. */
function exampleResult(method: string, path: string): unknown {
  const examples = document.paths[path]?.[method]?.responses['200']?.content['application/json']?.examples ?? {};
  return Object.values(examples)[0]?.value.result;
}

beforeAll(async () => {
  // Printed alone in a folder of its own: nothing beside it to resolve against.
  const path = join(mkdtempSync(join(folder(), 'document-')), 'service.openapi.json');
  const printed = await runInProcess(['schema', 'openapi', '-o', path]);
  if (printed.code !== 0) throw new Error(`schema openapi exited ${printed.code}: ${printed.stderr}`);
  document = JSON.parse(readFileSync(path, 'utf8')) as typeof document;
  const port = await freePort();
  await start(tools.prism, ['mock', path, '--host', '127.0.0.1', '--port', String(port)], {
    logFile: join(folder(), 'prism-mock.log'),
    ready: /Prism is listening/,
    port,
  });
  baseUrl = `http://127.0.0.1:${port}`;
}, 180_000);

describe('the client against prism mock of the printed document', () => {
  it.each([
    { kind: 'aws', path: 'aws', flags: ['--aws-account-id', '123456789012', '--aws-role-name', 'Audit'] },
    {
      kind: 'azure',
      path: 'azure',
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
    },
    {
      kind: 'office365',
      path: 'office',
      flags: ['--domain-name', 'contoso.com', '--tenant-id', 'T', '--ad-application-client-id', 'C'],
    },
  ])(
    'onboard $kind --wait exits 0 with the ids of the published example',
    async ({ kind, path, flags }) => {
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
          '1',
          '--format',
          'json',
        ],
        { env: secrets },
      );
      expect(onboarded.code, onboarded.stderr).toBe(0);
      expect(JSON.parse(onboarded.stdout)).toEqual(
        exampleResult('post', `/onboarding/license/{license_id}/account/${path}`),
      );
    },
    120_000,
  );

  it('fetch --benchmark all saves a checked report for every benchmark listed', async () => {
    const out = join(folder(), 'all');
    const fetched = await runInProcess(
      [
        'fetch',
        '--base-url',
        baseUrl,
        '--license',
        'L1',
        '--account',
        'A1',
        '--job',
        'J1',
        '--benchmark',
        'all',
        '--out-dir',
        out,
      ],
      { env: secrets },
    );
    expect(fetched.code, fetched.stderr).toBe(0);
    const listed = exampleResult('get', '/audit/license/{license_id}/account/{account_id}/benchmarks') as {
      benchmarkId: string;
    }[];
    const files = readdirSync(out).sort();
    expect(files).toEqual(listed.map(({ benchmarkId }) => `A1_${benchmarkId}_J1.json`).sort());
    // One by one: a static mock answers the same report for every benchmark, which check would count as a duplicate.
    for (const name of files) {
      const checked = await runInProcess(['check', join(out, name)]);
      expect(checked.code, checked.stdout).toBe(0);
      expect(checked.stdout).toContain('no findings in 1 file, 1 valid report, 30 policies');
    }
  }, 120_000);

  it('fetch with the API application credentials exchanges them for a token, then saves the published summary', async () => {
    const target = join(folder(), 'by-credentials.json');
    const env = { CSPM_API_KEY: secrets.CSPM_API_KEY, CSPM_APP_ID: 'app-1', CSPM_APP_SECRET: 'MOCK-APP-SECRET-65' };
    const fetched = await runInProcess(
      [
        'fetch',
        '--base-url',
        baseUrl,
        '--license',
        'L1',
        '--account',
        'A1',
        '--job',
        'J1',
        '--benchmark',
        'CSBP',
        '-o',
        target,
      ],
      { env },
    );
    expect(fetched.code, fetched.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(target, 'utf8')) as { statusCode: number; result: unknown };
    expect(saved.statusCode).toBe(200);
    expect(saved.result).toEqual(
      exampleResult(
        'get',
        '/audit/license/{license_id}/account/{account_id}/job/{job_id}/benchmark/{benchmark_id}/summary',
      ),
    );
  }, 120_000);
});
