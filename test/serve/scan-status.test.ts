import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobStatuses } from '../../src/serve/job-status.js';
import { bodies, startEmulator, type TestEmulator } from './emulator-client.js';

let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator({ scanSeconds: 0.4 });
});
afterAll(() => api.emulator.close());

it('moves a scan job through New and Running to Success, then serves the summary', async () => {
  const { json } = await api.request('POST', '/onboarding/license/L1/account/azure', {
    headers: api.licenseHeaders(),
    body: bodies.azure,
  });
  const { accountId, jobId } = json.result as { accountId: string; jobId: string };
  const seen: string[] = [];
  for (let attempt = 0; attempt < 200 && seen.at(-1) !== 'Success'; attempt += 1) {
    const status = await api.request('GET', `/compliance/license/L1/account/${accountId}/job/${jobId}/status`, {
      headers: api.accountHeaders(),
    });
    const jobStatus = (status.json.result as { jobStatus: string }).jobStatus;
    expect(jobStatuses).toContain(jobStatus);
    if (seen.at(-1) !== jobStatus) seen.push(jobStatus);
    if (jobStatus !== 'Success') await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(seen.at(-1)).toBe('Success');
  expect(['New', 'Running', 'Success'].filter((status) => seen.includes(status))).toEqual(seen);
  expect(
    (
      await api.request('GET', `/audit/license/L1/account/${accountId}/job/${jobId}/benchmark/CSBP/summary`, {
        headers: api.accountHeaders(),
      })
    ).status,
  ).toBe(200);
});

it('answers 409 to the summary of a job still scanning', async () => {
  const slow = await startEmulator({ scanSeconds: 3600 });
  try {
    const { json } = await slow.request('POST', '/onboarding/license/L1/account/azure', {
      headers: slow.licenseHeaders(),
      body: bodies.azure,
    });
    const { accountId, jobId } = json.result as { accountId: string; jobId: string };
    const summary = await slow.request(
      'GET',
      `/audit/license/L1/account/${accountId}/job/${jobId}/benchmark/CSBP/summary`,
      { headers: slow.accountHeaders() },
    );
    expect(summary.json).toMatchObject({ result: null, statusCode: 409 });
  } finally {
    await slow.emulator.close();
  }
});

it('ends every scan job Failed at scan failure rate 1, and refuses its summary with 409', async () => {
  const failing = await startEmulator({ scanSeconds: 0.2, scanFailureRate: 1 });
  try {
    const { json } = await failing.request('POST', '/onboarding/license/L1/account/azure', {
      headers: failing.licenseHeaders(),
      body: bodies.azure,
    });
    const { accountId, jobId } = json.result as { accountId: string; jobId: string };
    const seen: string[] = [];
    for (let attempt = 0; attempt < 200 && seen.at(-1) !== 'Failed'; attempt += 1) {
      const status = await failing.request('GET', `/compliance/license/L1/account/${accountId}/job/${jobId}/status`, {
        headers: failing.accountHeaders(),
      });
      const jobStatus = (status.json.result as { jobStatus: string }).jobStatus;
      if (seen.at(-1) !== jobStatus) seen.push(jobStatus);
      if (jobStatus !== 'Failed') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen.at(-1)).toBe('Failed');
    expect(['New', 'Running', 'Failed'].filter((status) => seen.includes(status))).toEqual(seen);
    const summary = await failing.request(
      'GET',
      `/audit/license/L1/account/${accountId}/job/${jobId}/benchmark/CSBP/summary`,
      { headers: failing.accountHeaders() },
    );
    expect(summary.status).toBe(409);
    expect(summary.json).toEqual({
      result: null,
      statusCode: 409,
      message: `scan job ${jobId} Failed; it has no report`,
    });
  } finally {
    await failing.emulator.close();
  }
});

it("decides each job's end once, from the source of randomness, at scan failure rate 0.5", async () => {
  const draws = [0.4, 0.6];
  const mixed = await startEmulator({ scanFailureRate: 0.5, random: () => draws.shift() ?? 0 });
  try {
    const ends: string[] = [];
    while (ends.length < 2) {
      const { json } = await mixed.request('POST', '/onboarding/license/L1/account/aws', {
        headers: mixed.licenseHeaders(),
        body: bodies.aws,
      });
      const { accountId, jobId } = json.result as { accountId: string; jobId: string };
      const path = `/compliance/license/L1/account/${accountId}/job/${jobId}/status`;
      const first = (await mixed.request('GET', path, { headers: mixed.accountHeaders() })).json.result as {
        jobStatus: string;
      };
      const again = (await mixed.request('GET', path, { headers: mixed.accountHeaders() })).json.result as {
        jobStatus: string;
      };
      expect(again).toEqual(first);
      ends.push(first.jobStatus);
    }
    expect(ends).toEqual(['Failed', 'Success']);
  } finally {
    await mixed.emulator.close();
  }
});

it('answers 429 with Retry-After above the rate limit and 503 at fail rate 1', async () => {
  const limited = await startEmulator({ rateLimit: 1, now: () => 0 });
  const failing = await startEmulator({ failRate: 1 });
  try {
    expect((await limited.request('GET', '/nowhere')).status).toBe(404);
    const second = await limited.request('GET', '/nowhere');
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect((await failing.request('GET', '/nowhere')).json).toMatchObject({ result: null, statusCode: 503 });
  } finally {
    await limited.emulator.close();
    await failing.emulator.close();
  }
});
