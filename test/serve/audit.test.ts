import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { hasFailingFindings } from '../../src/model/fail-closed.js';
import { bodies, startEmulator, type TestEmulator } from './emulator-client.js';

let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator();
});
afterAll(() => api.emulator.close());

async function onboard(kind: keyof typeof bodies, licenseId = 'L1'): Promise<{ accountId: string; jobId: string }> {
  const { json } = await api.request('POST', `/onboarding/license/${licenseId}/account/${kind}`, {
    headers: api.licenseHeaders(),
    body: bodies[kind],
  });
  return json.result as { accountId: string; jobId: string };
}

describe('audit summary', () => {
  it("serves an Azure report that passes check and carries the account's ids", async () => {
    const { accountId, jobId } = await onboard('azure');
    const { status, json } = await api.request(
      'GET',
      `/audit/license/L1/account/${accountId}/job/${jobId}/benchmark/CSBP/summary`,
      { headers: api.accountHeaders() },
    );
    expect(status).toBe(200);
    const analysis = await analyseInputs({ value: json });
    expect(hasFailingFindings(analysis, 'error')).toBe(false);
    expect(analysis.sources.flatMap((source) => source.findings)).toEqual([]);
    expect(json.result).toHaveLength(1);
    expect(json.result).toMatchObject([
      {
        ConnectorType: 'Azure',
        BenchmarkId: 'CSBP',
        AccountId: accountId,
        JobId: jobId,
        LicenseId: 'L1',
        AccountName: 'Payments',
        SubscriptionId: 'sub-1',
      },
    ]);
  });

  it("serves an AWS report with the account's AWSAccountId, and lists the benchmarks of the kind", async () => {
    const { accountId, jobId } = await onboard('aws');
    const benchmarks = await api.request('GET', `/audit/license/L1/account/${accountId}/benchmarks`, {
      headers: api.accountHeaders(),
    });
    expect(benchmarks.json.result).toEqual([{ name: expect.any(String), benchmarkId: 'CISAWS140' }]);
    const { json } = await api.request(
      'GET',
      `/audit/license/L1/account/${accountId}/job/${jobId}/benchmark/CISAWS140/summary`,
      { headers: api.accountHeaders() },
    );
    expect(json.result).toMatchObject([{ ConnectorType: 'AWS', AWSAccountId: '123456789012', AccountId: accountId }]);
  });

  it('names a license one way in every summary, and gives every kind a string SubscriptionId, as section 2.3 says', async () => {
    const summaries = [];
    for (const [kind, benchmarkId, licenseId] of [
      ['aws', 'CISAWS140', 'L3'],
      ['azure', 'CSBP', 'L3'],
      ['office', 'CISM365_3_0_0', 'L3'],
      ['aws', 'CISAWS140', 'L4'],
    ] as const) {
      const { accountId, jobId } = await onboard(kind, licenseId);
      const { json } = await api.request(
        'GET',
        `/audit/license/${licenseId}/account/${accountId}/job/${jobId}/benchmark/${benchmarkId}/summary`,
        { headers: api.accountHeaders() },
      );
      summaries.push((json.result as Record<string, unknown>[])[0]!);
    }
    const [aws, azure, office, otherLicense] = summaries;
    expect(new Set([aws, azure, office].map((summary) => summary!['LicenseName'])).size).toBe(1);
    expect(otherLicense!['LicenseName']).not.toBe(aws!['LicenseName']);
    expect(summaries.map((summary) => typeof summary['SubscriptionId'])).toEqual([
      'string',
      'string',
      'string',
      'string',
    ]);
    expect([aws!['SubscriptionId'], azure!['SubscriptionId'], office!['SubscriptionId']]).toEqual(['', 'sub-1', '']);
    expect([aws!['AWSAccountId'], azure!['AWSAccountId'], office!['AWSAccountId']]).toEqual([
      '123456789012',
      null,
      null,
    ]);
  });

  it('answers 404 to an unknown account, job or benchmark, and to another license', async () => {
    const { accountId, jobId } = await onboard('office');
    const paths = [
      `/audit/license/L1/account/nope/job/${jobId}/benchmark/CISM365_3_0_0/summary`,
      `/audit/license/L1/account/${accountId}/job/nope/benchmark/CISM365_3_0_0/summary`,
      `/audit/license/L1/account/${accountId}/job/${jobId}/benchmark/CSBP/summary`,
      `/audit/license/L2/account/${accountId}/job/${jobId}/benchmark/CISM365_3_0_0/summary`,
    ];
    for (const path of paths)
      expect((await api.request('GET', path, { headers: api.accountHeaders() })).status).toBe(404);
  });

  it('answers 401 without the API key, with a wrong one, and with the license token', async () => {
    const { accountId, jobId } = await onboard('azure');
    const path = `/audit/license/L1/account/${accountId}/job/${jobId}/benchmark/CSBP/summary`;
    for (const headers of [
      { Authorization: 'Bearer at' },
      { Authorization: 'Bearer at', 'Ocp-Apim-Subscription-Key': 'bad' },
      { Authorization: 'Bearer lt', 'Ocp-Apim-Subscription-Key': 'key' },
    ]) {
      const { status, json } = await api.request('GET', path, { headers });
      expect(status).toBe(401);
      expect(json).toMatchObject({ result: null, statusCode: 401 });
    }
  });
});

describe('token exchange', () => {
  const exchange = (licenseId: string, query = '', body: unknown = { APIApplicationId: 'app', Secret: 'shh' }) =>
    api.request('POST', `/authorize/license/${licenseId}/token${query}`, {
      headers: { 'Ocp-Apim-Subscription-Key': 'key' },
      body,
    });

  it('issues a license token that onboards under its license only', async () => {
    const { json } = await exchange('L7');
    const token = (json.result as { token: string }).token;
    const headers = { Authorization: `Bearer ${token}` };
    expect(
      (await api.request('POST', '/onboarding/license/L7/account/aws', { headers, body: bodies.aws })).status,
    ).toBe(200);
    expect(
      (await api.request('POST', '/onboarding/license/L8/account/aws', { headers, body: bodies.aws })).status,
    ).toBe(401);
  });

  it('issues an account token that opens its account only', async () => {
    const first = await onboard('azure', 'L9');
    const second = await onboard('azure', 'L9');
    const { json } = await exchange('L9', `?accountId=${first.accountId}`);
    const headers = {
      Authorization: `Bearer ${(json.result as { token: string }).token}`,
      'Ocp-Apim-Subscription-Key': 'key',
    };
    expect(
      (await api.request('GET', `/audit/license/L9/account/${first.accountId}/benchmarks`, { headers })).status,
    ).toBe(200);
    expect(
      (await api.request('GET', `/audit/license/L9/account/${second.accountId}/benchmarks`, { headers })).status,
    ).toBe(401);
    expect(
      (await api.request('POST', '/onboarding/license/L9/account/aws', { headers, body: bodies.aws })).status,
    ).toBe(401);
  });

  it('refuses a wrong secret (401), a missing field (400) and an unknown account (404)', async () => {
    expect((await exchange('L1', '', { APIApplicationId: 'app', Secret: 'no' })).status).toBe(401);
    expect((await exchange('L1', '', { APIApplicationId: 'app' })).status).toBe(400);
    expect((await exchange('L1', '?accountId=nope')).status).toBe(404);
  });
});
