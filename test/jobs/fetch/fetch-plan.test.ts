import { describe, expect, it } from 'vitest';
import { fetchPlanOf, type FetchRequest } from '../../../src/jobs/fetch/fetch-plan.js';

/** A request for one report by its ids, every other option unset. */
const one: FetchRequest = {
  license: 'L1',
  account: 'a1',
  job: 'j1',
  benchmark: 'B1',
  accounts: undefined,
  output: undefined,
  'out-dir': undefined,
  format: undefined,
  concurrency: 4,
  exceptions: undefined,
  'license-token-file': undefined,
  'account-token-file': 'account.token',
  'api-key-file': undefined,
  'app-secret-file': undefined,
};

describe('fetchPlanOf: what a fetch run does, for any caller', () => {
  it("plans one report from the ids, and keeps the files it reads (the secrets') from being written over", async () => {
    expect(await fetchPlanOf(one)).toEqual({
      targets: [{ licenseId: 'L1', accountId: 'a1', jobId: 'j1', benchmarkId: 'B1' }],
      many: false,
      readFiles: ['account.token'],
    });
  });

  it.each([
    { name: 'a missing id', request: { ...one, job: undefined }, message: /missing --job: give --license/ },
    {
      name: 'an id that is a step in a path',
      request: { ...one, account: '..' },
      message:
        /--account is "\.\.", which a URL takes for a step in its path, not a name; it goes into the request's URL path/,
    },
    { name: 'every benchmark without --out-dir', request: { ...one, benchmark: 'all' }, message: /give --out-dir DIR/ },
    {
      name: '--output with --out-dir',
      request: { ...one, output: 'a.json', 'out-dir': 'd' },
      message: /exclude each other/,
    },
    {
      name: 'a concurrency of 0',
      request: { ...one, concurrency: 0 },
      message: /--concurrency takes a whole number from 1 to 64/,
    },
  ])('refuses $name before anything is fetched', async ({ request, message }) => {
    await expect(fetchPlanOf(request)).rejects.toMatchObject({
      code: 'usage',
      message: expect.stringMatching(message),
    });
  });
});
