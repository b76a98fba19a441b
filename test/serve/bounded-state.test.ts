import { afterAll, beforeAll, expect, it } from 'vitest';
import { EmulatorState } from '../../src/serve/emulator-state.js';
import { bodies, startEmulator, type TestEmulator } from './emulator-client.js';

const fields = { AccountName: 'Shop', AWSAccountId: '1', SubscriptionId: null, details: {}, secretSha256: null };

it('keeps at most its limit of accounts and tokens, however many are added', () => {
  const state = new EmulatorState({ maxAccounts: 50, maxTokens: 50 });
  for (let index = 0; index < 5000; index += 1) {
    const account = state.addAccount('L1', 'aws', fields, index, 'Success');
    state.addToken(`token-${index}`, { licenseId: 'L1', accountId: account.accountId });
  }
  expect(state.size).toEqual({ accounts: 50, tokens: 50 });
});

it('forgets the oldest account first and keeps the newest', () => {
  const state = new EmulatorState({ maxAccounts: 3, maxTokens: 3 });
  const accounts = Array.from({ length: 5 }, (_, index) => state.addAccount('L1', 'aws', fields, index, 'Success'));
  expect(accounts.map((account) => state.findAccount('L1', account.accountId) !== undefined)).toEqual([
    false,
    false,
    true,
    true,
    true,
  ]);
  for (const token of ['a', 'b', 'c', 'd']) state.addToken(token, { licenseId: 'L1', accountId: null });
  expect(['a', 'b', 'c', 'd'].map((token) => state.findToken(token) !== undefined)).toEqual([false, true, true, true]);
});

let api: TestEmulator;
beforeAll(async () => {
  api = await startEmulator({ maxAccounts: 3 });
});
afterAll(() => api.emulator.close());

it('answers 404 for an account evicted by newer onboardings, and serves the newest', async () => {
  const ids: { accountId: string; jobId: string }[] = [];
  for (let index = 0; index < 4; index += 1) {
    const { json } = await api.request('POST', '/onboarding/license/L1/account/aws', {
      headers: api.licenseHeaders(),
      body: bodies.aws,
    });
    ids.push(json.result as { accountId: string; jobId: string });
  }
  const statusOf = async ({ accountId, jobId }: { accountId: string; jobId: string }) =>
    (
      await api.request('GET', `/compliance/license/L1/account/${accountId}/job/${jobId}/status`, {
        headers: api.accountHeaders(),
      })
    ).status;
  expect(await statusOf(ids[0]!)).toBe(404);
  expect(await statusOf(ids[3]!)).toBe(200);
});
