import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { minimalReport } from '../support/minimal-report.js';
import { rejection } from './client-fixture.js';
import {
  startHostileServer,
  success,
  type Answer,
  type HostileServer,
  type SeenRequest,
} from '../support/hostile-server.js';

const accountToken = 'ACCOUNT-TOKEN-3c4d';
const ids = { licenseId: 'L1', accountId: 'A1', jobId: 'J1', benchmarkId: 'CSBP' };
/** The service's published answer of getSupportedBenchmarks: the envelope wrapped in an array. */
const publishedBenchmarks = readFileSync(
  new URL('../fixtures/service/get-supported-benchmarks.json', import.meta.url),
  'utf8',
);

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientOf(answer: (request: SeenRequest) => Answer): Promise<ReturnType<typeof createClient>> {
  server = await startHostileServer(answer);
  return createClient({ baseUrl: server.url, accountToken, licenseToken: 'LICENSE-TOKEN-1a2b', retries: 0 });
}

describe('shapes the service publishes', () => {
  it("takes a summary answered as a bare array of benchmark reports (the specification's sample), as received", async () => {
    const client = await clientOf(() => ({ status: 200, body: [minimalReport()] }));
    await expect(client.getAuditSummary(ids)).resolves.toEqual([minimalReport()]);
  });

  it('takes the published getSupportedBenchmarks answer, an envelope wrapped in an array', async () => {
    const client = await clientOf(() => ({ status: 200, body: publishedBenchmarks }));
    const benchmarks = await client.listBenchmarks('L1', 'A1');
    expect(benchmarks).toHaveLength(25);
    expect(benchmarks[0]).toEqual({ name: 'CIS Azure Foundations Benchmark1.0.0', benchmarkId: 'AZFDCIS1_0_0' });
  });

  it('still refuses an HTTP 200 whose body holds neither an envelope nor a report', async () => {
    const client = await clientOf(() => ({ status: 200, body: [{ name: 'x' }] }));
    expect((await rejection(client.getAuditSummary(ids))).message).toContain('HTTP 200 without a response envelope');
  });
});

describe('ids that URL resolution would take for steps', () => {
  it.each([
    ['account', { ...ids, accountId: '..' }, '".."'],
    ['job', { ...ids, jobId: '.' }, '"."'],
    ['benchmark', { ...ids, benchmarkId: '..' }, '".."'],
    ['license', { ...ids, licenseId: '' }, 'empty'],
  ])('refuses a %s id before any request, naming it', async (name, asked, named) => {
    const client = await clientOf(() => success([minimalReport()]));
    const error = await rejection(client.getAuditSummary(asked));
    expect(error.code).toBe('usage');
    expect(error.message).toContain(`the ${name} id is ${named}`);
    expect(server!.seen).toEqual([]);
  });

  it('refuses a benchmark id ".." from the service\'s list, naming it', async () => {
    const client = await clientOf(() =>
      success([
        { name: 'CSBP', benchmarkId: 'CSBP' },
        { name: 'up', benchmarkId: '..' },
      ]),
    );
    const error = await rejection(client.listBenchmarks('L1', 'A1'));
    expect(error.code).toBe('service-invalid-response');
    expect(error.message).toContain('benchmarkId is ".."');
  });

  it('refuses an account id "." from an onboarding answer, naming it', async () => {
    const client = await clientOf(() => success({ accountId: '.', jobId: 'J1' }));
    const error = await rejection(
      client.onboardAccount('aws', 'L1', { AccountName: 'Shop', AWSAccountId: '123456789012', AWSRoleName: 'audit' }),
    );
    expect(error.code).toBe('service-invalid-response');
    expect(error.message).toContain('accountId is "."');
  });

  it('percent-encodes every id as one path segment', async () => {
    const client = await clientOf(() => success([minimalReport()]));
    await client.getAuditSummary({ licenseId: 'L 1', accountId: 'a/b?c#d%', jobId: '..x', benchmarkId: '%2e%2e' });
    expect(server!.seen.map(({ target }) => target)).toEqual([
      '/audit/license/L%201/account/a%2Fb%3Fc%23d%25/job/..x/benchmark/%252e%252e/summary',
    ]);
  });
});

describe('what is shown of a service message', () => {
  it('shows the first characters of a 5 MB message, control characters escaped, and how many more there are', async () => {
    const message = `quota exceeded\u001b[2J\n${'x'.repeat(5 * 2 ** 20)}`;
    const client = await clientOf(() => ({ status: 400, body: { statusCode: 400, message } }));
    const error = await rejection(client.getAuditSummary(ids));
    expect(error.code).toBe('service-error');
    expect(error.message.length).toBeLessThan(600);
    expect(error.message).toContain('quota exceeded\\u001b[2J\\u000a');
    expect(error.message).toMatch(/… \(\d+ more characters\)$/);
    expect(error.message).not.toMatch(/[\u0000-\u001f]/);
    expect(String(error.data?.['serviceMessage']).length).toBeLessThan(600);
  });
});

describe('job statuses', () => {
  it('refuses a status that is none of the known ones, naming it', async () => {
    const client = await clientOf(() => success({ jobStatus: 'Queued' }));
    const error = await rejection(client.getJobStatus(ids));
    expect(error.code).toBe('service-invalid-response');
    expect(error.message).toContain('"Queued", none of Pending, New, Running, Success, Failed');
  });
});
