import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createClient,
  createEmulator,
  type CspmClient,
  type Emulator,
  fetchAccount,
  fetchAccounts,
  readAccountsFile,
  type RenderedBody,
  type ReportWriter,
} from '../../src/index.js';
import { useTempDir } from '../support/temp-dir.js';

const credentials = { licenseToken: 'LICENSE-TOKEN-1a2b', accountToken: 'ACCOUNT-TOKEN-3c4d', apiKey: 'API-KEY-5e6f' };
const tempDir = useTempDir();
let emulator: Emulator;
let client: CspmClient;
let accounts: { accountId: string; jobId: string }[];

beforeEach(async () => {
  emulator = await createEmulator({ credentials });
  const onboarding = createClient({ baseUrl: emulator.url, licenseToken: credentials.licenseToken });
  accounts = [];
  for (const name of ['Payments', 'Billing']) {
    accounts.push(
      await onboarding.onboardAccount('azure', 'L1', {
        AccountName: name,
        DomainName: 'contoso.com',
        TenantId: 't-1',
        ADApplicationClientId: 'c-1',
        ADApplicationClientSecret: 'CLIENT-SECRET-9z',
        SubscriptionId: 'sub-1',
      }),
    );
  }
  client = createClient({ baseUrl: emulator.url, ...credentials });
});
afterEach(() => emulator.close());

/** A writer that keeps what it is given: the program decides where bytes go. */
function memoryWriter(): { write: ReportWriter; files: Map<string, string | RenderedBody> } {
  const files = new Map<string, string | RenderedBody>();
  return { files, write: async (path, body) => void files.set(path, body) };
}

describe('fetchAccounts, as a program calls it', () => {
  it('names each report after its ids under the folder, writes it through the writer, and tallies the failures', async () => {
    const { write, files } = memoryWriter();
    const targets = [
      ...accounts.map(({ accountId, jobId }) => ({ licenseId: 'L1', accountId, jobId, benchmarkId: 'CSBP' })),
      { licenseId: 'L1', accountId: 'nobody', jobId: 'none', benchmarkId: 'CSBP' },
    ];
    const saved: string[] = [];
    const result = await fetchAccounts(client, targets, {
      concurrency: 2,
      place: { outDir: 'out', formats: [] },
      write,
      onSaved: ({ placed }) => saved.push(placed.envelope),
    });
    const expected = accounts.map(({ accountId, jobId }) => join('out', `${accountId}_CSBP_${jobId}.json`)).sort();
    expect([...files.keys()].sort()).toEqual(expected);
    expect(saved.sort()).toEqual(expected);
    expect(result).toMatchObject({ asked: 3, kept: 2, unlisted: 0 });
    expect(result.failures).toHaveLength(1);
    expect(result.verdict).toMatchObject({ status: 'fail', exitCode: 1 });
  });

  it('refuses, before anything is fetched, a report planned over a file the run reads', async () => {
    const { write, files } = memoryWriter();
    const [first] = accounts as [{ accountId: string; jobId: string }];
    const outDir = tempDir();
    const accountsFile = join(outDir, `${first.accountId}_CSBP_${first.jobId}.json`);
    writeFileSync(accountsFile, 'license,account,job,benchmark\n');
    const targets = [{ licenseId: 'L1', accountId: first.accountId, jobId: first.jobId, benchmarkId: 'CSBP' }];
    await expect(
      fetchAccounts(client, targets, {
        concurrency: 1,
        place: { outDir, formats: [] },
        write,
        readFiles: [accountsFile],
      }),
    ).rejects.toMatchObject({ code: 'output-is-input' });
    expect(files.size).toBe(0);
  });
});

describe('fetchAccount', () => {
  it('saves the envelope to the output and the documents beside it, under its base name', async () => {
    const { write, files } = memoryWriter();
    const [first] = accounts as [{ accountId: string; jobId: string }];
    const { fetched, saved } = await fetchAccount(
      client,
      { licenseId: 'L1', accountId: first.accountId, jobId: first.jobId, benchmarkId: 'CSBP' },
      { place: { output: 'reports/today.json', formats: ['html'] }, write },
    );
    expect([...files.keys()]).toEqual(['reports/today.json', 'reports/today.html']);
    expect(JSON.parse(files.get('reports/today.json') as string)).toEqual(fetched.envelope);
    expect(saved.placed.name).toBe('reports/today.json');
  });
});

describe('readAccountsFile', () => {
  it('gives the targets of a CSV file, each with the line it came from', async () => {
    const file = join(tempDir(), 'fleet.csv');
    writeFileSync(file, '\uFEFFLicense,Account ID,job,benchmark,owner\nL1,a1,j1,all,ops\n');
    expect(await readAccountsFile(file)).toEqual([
      { licenseId: 'L1', accountId: 'a1', jobId: 'j1', benchmarkId: 'all', origin: `${file}:2` },
    ]);
  });

  it('refuses an id that a URL path would read as a step', async () => {
    const file = join(tempDir(), 'fleet.jsonl');
    writeFileSync(file, '{"license":"L1","account":"..","job":"j1","benchmark":"B"}\n');
    await expect(readAccountsFile(file)).rejects.toMatchObject({
      code: 'accounts-invalid',
      data: { file, line: 1, pointer: '/account' },
    });
  });
});
