import { describe, expect, it } from 'vitest';
import { createServiceConformance } from '../support/openapi-conformance.js';
import { bodies, secrets } from '../client/client-fixture.js';
import { operationIdsOf, useConformanceRun } from './conformance-run.js';

const start = useConformanceRun();
const licenseId = 'lic-1';
const kinds = ['aws', 'azure', 'office365'] as const;

describe('a real client talking to a real emulator, held to the OpenAPI document', () => {
  it('onboards every kind, lists its benchmarks and reads every summary served, all as documented', async () => {
    const run = await start();
    const client = run.client();
    const summaries: string[] = [];
    for (const kind of kinds) {
      const { accountId, jobId } = await client.onboardAccount(kind, licenseId, bodies[kind]);
      await expect(client.getJobStatus({ licenseId, accountId, jobId })).resolves.toBe('Success');
      for (const { benchmarkId } of await client.listBenchmarks(licenseId, accountId)) {
        await client.getAuditSummary({ licenseId, accountId, jobId, benchmarkId });
        summaries.push(`${kind} ${benchmarkId}`);
      }
    }
    expect(summaries).toEqual([
      'aws CISAWS140',
      'azure CSBP',
      'azure AZFDCIS1_3_0',
      'azure PCI3_2_1',
      'office365 CISM365_3_0_0',
    ]);
    expect(run.problems()).toEqual([]);
    expect(run.exchanges.every(({ response }) => response.status === 200)).toBe(true);
  });

  it('exchanges the API application credentials for a license token and an account token, as documented', async () => {
    const run = await start();
    const client = run.client({
      licenseToken: undefined,
      accountToken: undefined,
      credentials: { applicationId: secrets.applicationId, secret: secrets.applicationSecret },
    });
    const { accountId, jobId } = await client.onboardAccount('aws', licenseId, bodies.aws);
    await client.getJobStatus({ licenseId, accountId, jobId });
    await client.getToken(licenseId, accountId);
    const tokenQueries = run.exchanges
      .filter(({ request }) => request.url.includes('/authorize/'))
      .map(({ request }) => new URL(request.url).search);
    expect(tokenQueries).toEqual(['', `?accountId=${accountId}`, `?accountId=${accountId}`]);
    expect(run.problems()).toEqual([]);
  });

  it('reads a scan job as New, Running, then Success, every answer as documented', async () => {
    // The emulator's clock is set by the test, so each status is seen whatever the machine's speed.
    let time = 0;
    const run = await start({ scanSeconds: 4, now: () => time });
    const client = run.client();
    const { accountId, jobId } = await client.onboardAccount('azure', licenseId, bodies.azure);
    const seen: string[] = [];
    for (const at of [0, 2000, 4000]) {
      time = at;
      seen.push(await client.getJobStatus({ licenseId, accountId, jobId }));
    }
    expect(seen).toEqual(['New', 'Running', 'Success']);
    expect(run.problems()).toEqual([]);
  });

  it('has sent every operation of the document, so that none is left unchecked', async () => {
    const run = await start();
    const client = run.client({
      credentials: { applicationId: secrets.applicationId, secret: secrets.applicationSecret },
    });
    for (const kind of kinds) {
      const { accountId, jobId } = await client.onboardAccount(kind, licenseId, bodies[kind]);
      const [benchmark] = await client.listBenchmarks(licenseId, accountId);
      await client.getAuditSummary({ licenseId, accountId, jobId, benchmarkId: benchmark!.benchmarkId });
      await client.getJobStatus({ licenseId, accountId, jobId });
    }
    await client.getToken(licenseId);
    const documented = createServiceConformance()
      .operations.map(({ operation }) => String(operation['operationId']))
      .sort();
    expect(operationIdsOf(run.exchanges)).toEqual(documented);
    expect(run.problems()).toEqual([]);
  });
});
