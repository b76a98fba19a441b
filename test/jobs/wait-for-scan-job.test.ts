import { afterEach, describe, expect, it } from 'vitest';
import { createClient, createEmulator, type Emulator, type JobStatus, waitForScanJob } from '../../src/index.js';

const credentials = { licenseToken: 'LICENSE-TOKEN-1a2b', accountToken: 'ACCOUNT-TOKEN-3c4d', apiKey: 'API-KEY-5e6f' };
let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

/** An account onboarded on an emulator whose scans take `scanSeconds`, and a client of it. */
async function onboarded(options: { scanSeconds: number; scanFailureRate?: number }) {
  emulator = await createEmulator({ credentials, ...options });
  const client = createClient({ baseUrl: emulator.url, ...credentials });
  const account = await client.onboardAccount('aws', 'L1', {
    AccountName: 'Prod',
    AWSAccountId: '123456789012',
    AWSRoleName: 'Audit',
  });
  return { client, ids: { licenseId: 'L1', accountId: account.accountId, jobId: account.jobId } };
}

describe('waitForScanJob, as a program calls it', () => {
  it('follows the job until it succeeds, telling each new status once', async () => {
    const { client, ids } = await onboarded({ scanSeconds: 0.2 });
    const told: JobStatus[] = [];
    const wait = await waitForScanJob(client, ids, {
      pollSeconds: 0.02,
      timeoutSeconds: 60,
      onStatus: (status) => told.push(status),
    });
    expect(wait).toEqual({ status: 'Success', outcome: 'succeeded' });
    expect(told.at(-1)).toBe('Success');
    expect(new Set(told).size).toBe(told.length);
  });

  it('says so when the job fails', async () => {
    const { client, ids } = await onboarded({ scanSeconds: 0.2, scanFailureRate: 1 });
    expect(await waitForScanJob(client, ids, { pollSeconds: 0.02, timeoutSeconds: 60 })).toEqual({
      status: 'Failed',
      outcome: 'failed',
    });
  });

  it('gives up when the time is up, with the status the job still had', async () => {
    const { client, ids } = await onboarded({ scanSeconds: 600 });
    const wait = await waitForScanJob(client, ids, { pollSeconds: 0.02, timeoutSeconds: 0.1 });
    expect(wait.outcome).toBe('timed-out');
    expect(['New', 'Running']).toContain(wait.status);
  });
});
