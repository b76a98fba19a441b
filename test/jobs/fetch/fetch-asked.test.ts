import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createEmulator, type Emulator, isCspmError } from '../../../src/index.js';
import { fetchAsked, type FetchAskedOptions } from '../../../src/jobs/fetch/fetch-asked.js';
import type { FetchRequest } from '../../../src/jobs/fetch/fetch-plan.js';

const credentials = { licenseToken: 'LICENSE-TOKEN-1a2b', accountToken: 'ACCOUNT-TOKEN-3c4d', apiKey: 'API-KEY-5e6f' };
let emulator: Emulator;
let accountId: string;
let jobId: string;

beforeEach(async () => {
  emulator = await createEmulator({ credentials });
  const onboarding = createClient({ baseUrl: emulator.url, licenseToken: credentials.licenseToken });
  ({ accountId, jobId } = await onboarding.onboardAccount('azure', 'L1', {
    AccountName: 'Payments',
    DomainName: 'contoso.com',
    TenantId: 't-1',
    ADApplicationClientId: 'c-1',
    ADApplicationClientSecret: 'CLIENT-SECRET-9z',
    SubscriptionId: 'sub-1',
  }));
});
afterEach(() => emulator.close());

/** A request of one report by its ids, as the command line parses `fetch`. */
function request(changes: Partial<FetchRequest> = {}): FetchRequest & { format: undefined } {
  return {
    license: 'L1',
    account: accountId,
    job: jobId,
    benchmark: 'CSBP',
    accounts: undefined,
    output: '-',
    'out-dir': undefined,
    format: undefined,
    concurrency: 4,
    exceptions: undefined,
    ...changes,
  } as FetchRequest & { format: undefined };
}

/** Options that keep what is written, and count the client's making. */
function prepared(written: Map<string, unknown>, made: { count: number }): () => Promise<FetchAskedOptions> {
  return async () => {
    made.count += 1;
    return {
      client: createClient({ baseUrl: emulator.url, ...credentials }),
      write: async (path, body) => void written.set(path, body),
    };
  };
}

describe('fetchAsked', () => {
  it('refuses an unsound request before the client is made (the secrets read)', async () => {
    const made = { count: 0 };
    const refused = await fetchAsked(request({ account: undefined }), prepared(new Map(), made)).catch(
      (error: unknown) => error,
    );
    expect(isCspmError(refused) && refused.code).toBe('usage');
    expect(made.count).toBe(0);
  });

  it('saves one report and gives its findings for standard error when the envelope takes standard output', async () => {
    const written = new Map<string, unknown>();
    const made = { count: 0 };
    const asked = await fetchAsked(request(), prepared(written, made));
    expect(made.count).toBe(1);
    expect([...written.keys()]).toEqual(['-']);
    if (asked.many) throw new Error('one report was asked');
    expect(asked.findings?.onStandardError).toBe(true);
    const text = asked.findings?.text(false) ?? '';
    expect(text).toContain(asked.saved.placed.name);
    expect(text).not.toContain('\u001b[');
    expect(asked.findings?.text(true)).toContain('\u001b[');
    expect(asked.notes).toEqual([]);
  });

  it('gives no findings when the check is off', async () => {
    const asked = await fetchAsked(request(), async () => ({
      ...(await prepared(new Map(), { count: 0 })()),
      check: false,
    }));
    expect(!asked.many && asked.findings).toBeUndefined();
  });
});
