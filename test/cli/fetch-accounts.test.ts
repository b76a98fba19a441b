import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createEmulator, type Emulator } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const credentials = { licenseToken: 'LICENSE-TOKEN-1a2b', accountToken: 'ACCOUNT-TOKEN-3c4d', apiKey: 'API-KEY-5e6f' };
const secrets = [...Object.values(credentials), 'CLIENT-SECRET-9z'];
const tempDir = useTempDir();
let emulator: Emulator;
let accounts: { accountId: string; jobId: string }[];

beforeEach(async () => {
  emulator = await createEmulator({ credentials });
  const client = createClient({ baseUrl: emulator.url, licenseToken: credentials.licenseToken });
  accounts = [];
  for (const name of ['Payments', 'Billing', 'Search']) {
    accounts.push(
      await client.onboardAccount('azure', 'L1', {
        AccountName: name,
        DomainName: 'contoso.com',
        TenantId: 't-1',
        ADApplicationClientId: 'c-1',
        ADApplicationClientSecret: 'CLIENT-SECRET-9z',
        SubscriptionId: 'sub-1',
      }),
    );
  }
});
afterEach(() => emulator.close());

const env = (): Record<string, string> => ({
  CSPM_BASE_URL: emulator.url,
  CSPM_ACCOUNT_TOKEN: credentials.accountToken,
  CSPM_API_KEY: credentials.apiKey,
});
const csv = (rows: string[][]): string =>
  `license,account,job,benchmark\n${rows.map((row) => row.join(',')).join('\n')}\n`;

function everything(dir: string, result: { stdout: string; stderr: string }): string {
  return [
    result.stdout,
    result.stderr,
    ...readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1')),
  ].join('\n');
}

describe('cspm-report fetch --accounts', () => {
  it('fetches every row of a CSV file, reports the one that fails, saves the others and exits 1', async () => {
    const dir = tempDir();
    const rows = accounts.map(({ accountId, jobId }) => ['L1', accountId, jobId, 'CSBP']);
    rows.splice(1, 0, ['L1', 'no-such-account', 'no-job', 'CSBP']);
    writeFileSync(join(dir, 'fleet.csv'), csv(rows));
    const result = await runInProcess(
      ['fetch', '--accounts', join(dir, 'fleet.csv'), '--out-dir', join(dir, 'out'), '--concurrency', '2'],
      { env: env() },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^cspm-report: L1\/no-such-account\/no-job\/CSBP: the service refused the request: GET \S+: HTTP 404: no account no-such-account under license L1\n$/,
    );
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(
      accounts.map(({ accountId, jobId }) => `${accountId}_CSBP_${jobId}.json`).sort(),
    );
    expect(result.stdout.match(/^✔ /gm)).toHaveLength(3);
    expect(result.stdout).toContain('saved 3 of 4 reports into');
    expect(result.stdout).toContain('1 failed');
    for (const secret of secrets) expect(everything(dir, result)).not.toContain(secret);
  });

  it("reads JSON lines with the specification's key names, and exits 0 when every report is clean", async () => {
    const dir = tempDir();
    const lines = accounts.map(({ accountId, jobId }) =>
      JSON.stringify({ licenseId: 'L1', accountId, jobId, benchmarkId: 'PCI3_2_1' }),
    );
    writeFileSync(join(dir, 'fleet.jsonl'), `${lines.join('\n')}\n`);
    const result = await runInProcess(
      ['fetch', '--accounts', join(dir, 'fleet.jsonl'), '--out-dir', join(dir, 'out')],
      { env: env() },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readdirSync(join(dir, 'out'))).toHaveLength(3);
  });

  it('shows progress of a long fetch on a terminal only, cleared at the end, and the result lines either way', async () => {
    // Each answer of the service takes 700 ms: the run lasts past the second that a progress line waits for.
    const slow = await createEmulator({ credentials, latencyMs: 700 });
    try {
      const client = createClient({ baseUrl: slow.url, licenseToken: credentials.licenseToken });
      const rows: string[][] = [];
      for (const name of ['Slow', 'Slower']) {
        const { accountId, jobId } = await client.onboardAccount('azure', 'L1', {
          AccountName: name,
          DomainName: 'contoso.com',
          TenantId: 't-1',
          ADApplicationClientId: 'c-1',
          ADApplicationClientSecret: 'CLIENT-SECRET-9z',
          SubscriptionId: 'sub-1',
        });
        rows.push(['L1', accountId, jobId, 'CSBP']);
      }
      const dir = tempDir();
      writeFileSync(join(dir, 'fleet.csv'), csv(rows));
      const args = ['fetch', '--accounts', join(dir, 'fleet.csv'), '--out-dir', join(dir, 'out'), '--concurrency', '1'];
      const slowEnv = { ...env(), CSPM_BASE_URL: slow.url };
      const terminal = await runInProcess(args, { env: slowEnv, stderrIsTTY: true });
      // The first line drawn: none of the two fetched yet (0%) when it is drawn before the first
      // answer, one (50%) when after; the old pattern wanted 00% and failed on a quick draw.
      expect(terminal.stderr).toMatch(/^\r\u001b\[Kfetching: (?:0\/2 reports \(0%\)|1\/2 reports \(50%\))/);
      expect(terminal.stderr.endsWith('\r\u001b[K')).toBe(true);
      const quiet = await runInProcess([...args, '--quiet'], { env: slowEnv, stderrIsTTY: true });
      expect(quiet.stderr).toBe('');
      const piped = await runInProcess(args, { env: slowEnv });
      expect(piped.stderr).toBe('');
      expect(piped.stdout.match(/^✔ /gm)).toHaveLength(2);
      expect(quiet.stdout).toBe(piped.stdout);
    } finally {
      await slow.close();
    }
  }, 60_000);

  it('shows no progress line for a fetch over within a second, even on a terminal', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'fleet.csv'),
      csv(accounts.map(({ accountId, jobId }) => ['L1', accountId, jobId, 'CSBP'])),
    );
    const terminal = await runInProcess(
      ['fetch', '--accounts', join(dir, 'fleet.csv'), '--out-dir', join(dir, 'out')],
      { env: env(), stderrIsTTY: true },
    );
    expect(terminal.stderr).toBe('');
    expect(terminal.stdout.match(/^✔ /gm)).toHaveLength(3);
  });

  it.each([
    ['an empty file', 'license,account,job,benchmark\n', /fleet\.csv: no account in it/],
    [
      'a missing column',
      'license,account,benchmark\nL1,a,CSBP\n',
      /fleet\.csv:1 \/job: no job column in the header row/,
    ],
    [
      'an empty field',
      'license,account,job,benchmark\nL1,a,j,CSBP\nL1,b,,CSBP\n',
      /fleet\.csv:3 \/job: empty or not a string/,
    ],
    ['a repeated row', 'license,account,job,benchmark\nL1,a,j,CSBP\nL1,a,j,CSBP\n', /fleet\.csv:3: repeats line 2/],
    ['a row of another width', 'license,account,job,benchmark\nL1,a,j\n', /fleet\.csv:2: not CSV/],
    [
      'a JSON line that is not an object',
      '{"licenseId":"L1","accountId":"a","jobId":"j","benchmarkId":"B"}\n[1]\n',
      /fleet\.csv:2 : not a JSON object/,
    ],
  ])('refuses %s before fetching anything: one line, exit 2', async (_name, text, message) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'fleet.csv'), text);
    const result = await runInProcess(['fetch', '--accounts', join(dir, 'fleet.csv'), '--out-dir', join(dir, 'out')], {
      env: env(),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(dir)).toEqual(['fleet.csv']);
  });

  it('refuses --accounts with an id flag, and an output that is the accounts file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'fleet.csv'), csv([['L1', 'a', 'j', 'CSBP']]));
    const both = await runInProcess(
      ['fetch', '--accounts', join(dir, 'fleet.csv'), '--license', 'L1', '--out-dir', dir],
      { env: env() },
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--accounts and --license exclude each other');

    const named = join(dir, 'a_CSBP_j.json');
    writeFileSync(named, `${JSON.stringify({ license: 'L1', account: 'a', job: 'j', benchmark: 'CSBP' })}\n`);
    const over = await runInProcess(['fetch', '--accounts', named, '--out-dir', dir], { env: env() });
    expect(over.code).toBe(2);
    expect(over.stderr).toMatch(
      /^cspm-report: output would overwrite an input: \S*a_CSBP_j\.json is one of the inputs/,
    );
    expect(readFileSync(named, 'utf8')).toContain('"account":"a"');
  });
});
