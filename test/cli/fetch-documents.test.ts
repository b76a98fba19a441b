import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createEmulator, type Emulator } from '../../src/index.js';
import { textOf } from '../render/pdf/pdf-helpers.js';
import { runInProcess } from '../support/cli-run.js';
import { dayFromToday } from '../support/sample-exceptions.js';
import { useTempDir } from '../support/temp-dir.js';

const credentials = { licenseToken: 'LICENSE-TOKEN-1a2b', accountToken: 'ACCOUNT-TOKEN-3c4d', apiKey: 'API-KEY-5e6f' };
const tempDir = useTempDir();
let emulator: Emulator;
let account: { accountId: string; jobId: string };

beforeEach(async () => {
  emulator = await createEmulator({ credentials });
  const client = createClient({ baseUrl: emulator.url, licenseToken: credentials.licenseToken });
  account = await client.onboardAccount('azure', 'L1', {
    AccountName: 'Payments',
    DomainName: 'contoso.com',
    TenantId: 't-1',
    ADApplicationClientId: 'c-1',
    ADApplicationClientSecret: 'CLIENT-SECRET-9z',
    SubscriptionId: 'sub-1',
  });
});
afterEach(() => emulator.close());

const env = (): Record<string, string> => ({
  CSPM_BASE_URL: emulator.url,
  CSPM_ACCOUNT_TOKEN: credentials.accountToken,
  CSPM_API_KEY: credentials.apiKey,
});
const ids = (benchmark: string): string[] => [
  '--license',
  'L1',
  '--account',
  account.accountId,
  '--job',
  account.jobId,
  '--benchmark',
  benchmark,
];

describe('cspm-report fetch -f and --benchmark all', () => {
  it('renders a workbook and a PDF beside the -o file, which exceljs and a PDF reader open', async () => {
    const dir = tempDir();
    const result = await runInProcess(
      ['fetch', ...ids('CSBP'), '-o', join(dir, 'azure.json'), '-f', 'xlsx', '-f', 'pdf'],
      { env: env() },
    );
    expect(result.stderr).not.toMatch(/^cspm-report:/m);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`wrote ${join(dir, 'azure.xlsx')}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'azure.xlsx'));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toContain('Policies');
    expect(workbook.getWorksheet('Summary')?.getSheetValues().flat().join(' ')).toContain('127');
    const text = await textOf(readFileSync(join(dir, 'azure.pdf')));
    expect(text).toContain('Payments');
    expect(text).toContain('CSBP');
  });

  it('saves every benchmark of the account into --out-dir with --benchmark all', async () => {
    const dir = join(tempDir(), 'reports');
    const result = await runInProcess(['fetch', ...ids('all'), '--out-dir', dir, '-f', 'html'], { env: env() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const files = readdirSync(dir).sort();
    const benchmarks = ['AZFDCIS1_3_0', 'CSBP', 'PCI3_2_1'];
    expect(files).toEqual(
      benchmarks
        .flatMap((benchmark) => [
          `${account.accountId}_${benchmark}_${account.jobId}.html`,
          `${account.accountId}_${benchmark}_${account.jobId}.json`,
        ])
        .sort(),
    );
    for (const benchmark of benchmarks) {
      const envelope = JSON.parse(
        readFileSync(join(dir, `${account.accountId}_${benchmark}_${account.jobId}.json`), 'utf8'),
      ) as { result: { BenchmarkId: string; AccountId: string }[] };
      expect(envelope.result[0]).toMatchObject({ BenchmarkId: benchmark, AccountId: account.accountId });
    }
    expect(result.stdout).toMatch(/saved 3 of 3 reports into /);
  });

  it.each([
    [['--benchmark-all-without-out-dir'], 'fetches several reports: give --out-dir DIR'],
    [['-f', 'pdf'], '--format renders files: give --output FILE'],
    [['--concurrency', '0', '--out-dir', 'x'], '--concurrency takes a whole number from 1 to 64'],
    [['-o', 'a.json', '--out-dir', 'x'], '--output and --out-dir exclude each other'],
  ])('refuses %j with one line and exit 2, writing nothing', async (extra, message) => {
    const dir = tempDir();
    const args =
      extra[0] === '--benchmark-all-without-out-dir'
        ? ids('all')
        : [...ids('CSBP'), ...extra.map((value) => (value === 'x' || value === 'a.json' ? join(dir, value) : value))];
    const result = await runInProcess(['fetch', ...args], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(dir, 'x'))).toBe(false);
  });

  it('with --exceptions, the documents mark the accepted policy and the run names an unused exception', async () => {
    const dir = tempDir();
    const exceptions = join(dir, 'risks.yaml');
    const entry = (id: string, policy: string) =>
      [
        `  - id: ${id}`,
        `    policy: ${policy}`,
        '    accounts: ["Payments"]',
        '    reason: Accepted until the platform migration ends.',
        '    owner: platform@example.com',
        '    approvedBy: ciso@example.com',
        `    approved: "${dayFromToday(-30)}"`,
        `    expires: "${dayFromToday(60)}"`,
      ].join('\n');
    writeFileSync(
      exceptions,
      `exceptions:\n${entry('EXC-1', 'VMDiskEncryption')}\n${entry('EXC-3', 'NoSuchPolicy')}\n`,
    );
    const result = await runInProcess(
      ['fetch', ...ids('CSBP'), '-o', join(dir, 'azure.json'), '-f', 'csv', '--exceptions', exceptions],
      { env: env() },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`cspm-report: warning: EXC-3 (${exceptions} /exceptions/1) matches no policy`);
    const csv = readFileSync(join(dir, 'azure.csv'), 'utf8');
    expect(csv.split('\n').filter((line) => line.includes('EXC-1'))).toHaveLength(1);
  });

  it('refuses an exceptions file that does not check before any request (exit 2), and never writes over one', async () => {
    const dir = tempDir();
    const bad = join(dir, 'risks.yaml');
    writeFileSync(bad, 'exceptions:\n  - id: EXC-1\n');
    const refused = await runInProcess(['fetch', ...ids('CSBP'), '-o', join(dir, 'azure.json'), '--exceptions', bad], {
      env: env(),
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('/exceptions/0');
    expect(existsSync(join(dir, 'azure.json'))).toBe(false);
    const good = join(dir, 'risks.json');
    const text = JSON.stringify({
      exceptions: [
        {
          id: 'EXC-1',
          policy: 'VMDiskEncryption',
          accounts: ['Payments'],
          reason: 'Accepted until the platform migration ends.',
          owner: 'platform@example.com',
          approvedBy: 'ciso@example.com',
          approved: dayFromToday(-30),
          expires: dayFromToday(60),
        },
      ],
    });
    writeFileSync(good, text);
    const over = await runInProcess(['fetch', ...ids('CSBP'), '-o', good, '--exceptions', good], { env: env() });
    expect(over.code).toBe(2);
    expect(over.stderr).toMatch(/risks\.json.*(input|reads)/);
    expect(readFileSync(good, 'utf8')).toBe(text);
  });
});
