import { afterEach, describe, expect, it } from 'vitest';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { hasFailingFindings } from '../../src/model/fail-closed.js';
import { bodies, secrets, startClient, type ClientFixture } from './client-fixture.js';

let fixture: ClientFixture | undefined;
afterEach(async () => {
  await fixture?.emulator.close();
  fixture = undefined;
});

describe('getAuditSummary', () => {
  it('returns the summary of an onboarded Azure account, which analyseInputs accepts without error findings', async () => {
    fixture = await startClient();
    const { accountId, jobId } = await fixture.client.onboardAccount('azure', 'lic-1', bodies.azure);
    const [benchmark] = await fixture.client.listBenchmarks('lic-1', accountId);
    expect(benchmark).toEqual({ name: expect.any(String), benchmarkId: expect.any(String) });
    const envelope = await fixture.client.getAuditSummary({
      licenseId: 'lic-1',
      accountId,
      jobId,
      benchmarkId: benchmark!.benchmarkId,
    });
    expect(envelope).toMatchObject({ statusCode: 200, result: [{ AccountId: accountId, JobId: jobId }] });
    const analysis = await analyseInputs({ value: envelope });
    expect(hasFailingFindings(analysis, 'error')).toBe(false);
    expect(analysis.summary.reports).toBe(1);
  });
});

describe('tokens from the API application credentials', () => {
  it('obtains a license token and an account token itself, once each, and uses them', async () => {
    fixture = await startClient();
    const client = fixture.clientWith({
      licenseToken: undefined,
      accountToken: undefined,
      credentials: { applicationId: secrets.applicationId, secret: secrets.applicationSecret },
    });
    const { accountId, jobId } = await client.onboardAccount('aws', 'lic-1', bodies.aws);
    await client.getJobStatus({ licenseId: 'lic-1', accountId, jobId });
    await client.getJobStatus({ licenseId: 'lic-1', accountId, jobId });
    const tokenPaths = fixture.sent.filter((line) => line.startsWith('POST /authorize/'));
    expect(tokenPaths).toEqual(['POST /authorize/license/lic-1/token', 'POST /authorize/license/lic-1/token']);
    expect(fixture.sent).toHaveLength(5);
  });

  it('getToken returns a token bound to the account that the audit endpoints accept', async () => {
    fixture = await startClient();
    const { accountId, jobId } = await fixture.client.onboardAccount('aws', 'lic-1', bodies.aws);
    const token = await fixture
      .clientWith({ credentials: { applicationId: secrets.applicationId, secret: secrets.applicationSecret } })
      .getToken('lic-1', accountId);
    expect(token).not.toBe(secrets.accountToken);
    await expect(
      fixture.clientWith({ accountToken: token }).getJobStatus({ licenseId: 'lic-1', accountId, jobId }),
    ).resolves.toBe('Success');
  });

  it('rejects with a usage error when neither a token nor credentials are given', async () => {
    fixture = await startClient();
    await expect(
      fixture.clientWith({ licenseToken: undefined }).onboardAccount('aws', 'lic-1', bodies.aws),
    ).rejects.toMatchObject({ code: 'usage' });
    expect(fixture.sent).toEqual([]);
  });
});
