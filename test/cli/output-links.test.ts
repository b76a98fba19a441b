import {
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createEmulator, type Emulator } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** A folder outside every output folder, holding one file whose bytes must stay as they are. */
function elsewhere(): { dir: string; file: string } {
  const dir = join(tempDir(), 'elsewhere');
  mkdirSync(dir);
  const file = join(dir, 'precious.txt');
  writeFileSync(file, 'precious\n');
  return { dir, file };
}

function expectUntouched(place: { dir: string; file: string }): void {
  expect(readdirSync(place.dir)).toEqual(['precious.txt']);
  expect(readFileSync(place.file, 'utf8')).toBe('precious\n');
}

/** The refusal: one line on standard error naming the link, exit 2, nothing on standard output about a file written. */
function expectRefused(result: { code: number; stdout: string; stderr: string }, link: string): void {
  expect(result.code).toBe(2);
  expect(result.stderr).toBe(
    `cspm-report: refusing to write through a symbolic link: ${link} is a symbolic link; nothing is written through a link inside an output folder (move it away, or choose another output)\n`,
  );
  expect(result.stdout).not.toMatch(/^wrote /m);
}

describe('render -f parquet --out-dir never writes through a link inside the dataset folder', () => {
  it('refuses a table folder that is a link (lake/policies -> elsewhere)', async () => {
    const outside = elsewhere();
    const lake = join(tempDir(), 'lake');
    mkdirSync(lake);
    symlinkSync(outside.dir, join(lake, 'policies'));
    const result = await runInProcess(['render', 'samples/azure-csbp.json', '-f', 'parquet', '--out-dir', lake]);
    expectRefused(result, join(lake, 'policies'));
    expectUntouched(outside);
  });

  it('refuses a partition folder that is a link', async () => {
    const outside = elsewhere();
    const lake = join(tempDir(), 'lake');
    mkdirSync(join(lake, 'figures', 'scan_date=2024-03-18'), { recursive: true });
    symlinkSync(outside.dir, join(lake, 'figures', 'scan_date=2024-03-18', 'benchmark=CSBP'));
    const result = await runInProcess(['render', 'samples/azure-csbp.json', '-f', 'parquet', '--out-dir', lake]);
    expectRefused(result, join(lake, 'figures', 'scan_date=2024-03-18', 'benchmark=CSBP'));
    expectUntouched(outside);
    expect(readdirSync(lake).sort()).toEqual(['figures', 'policies']);
  });

  it('refuses a part whose name is a link, even to a file of the same bytes', async () => {
    const outside = elsewhere();
    const lake = join(tempDir(), 'lake');
    expect((await runInProcess(['render', 'samples/azure-csbp.json', '-f', 'parquet', '--out-dir', lake])).code).toBe(
      0,
    );
    const part = join(
      lake,
      'policies',
      'scan_date=2024-03-18',
      'benchmark=CSBP',
      readdirSync(join(lake, 'policies', 'scan_date=2024-03-18', 'benchmark=CSBP'))[0] as string,
    );
    const copy = join(outside.dir, 'copy.parquet');
    copyFileSync(part, copy);
    const bytes = readFileSync(copy);
    rmSync(part);
    symlinkSync(copy, part);
    const result = await runInProcess(['render', 'samples/azure-csbp.json', '-f', 'parquet', '--out-dir', lake]);
    expectRefused(result, part);
    expect(readFileSync(copy).equals(bytes)).toBe(true);
    expect(lstatSync(part).isSymbolicLink()).toBe(true);
  });
});

describe('render --out-dir never writes through a link inside the output folder', () => {
  it('refuses a document whose name is a link, and leaves its target as it was', async () => {
    const outside = elsewhere();
    const out = join(tempDir(), 'out');
    mkdirSync(out);
    symlinkSync(outside.file, join(out, 'azure-csbp.html'));
    const result = await runInProcess(['render', 'samples/azure-csbp.json', '-f', 'html', '--out-dir', out]);
    expectRefused(result, join(out, 'azure-csbp.html'));
    expectUntouched(outside);
  });

  it("refuses before writing any document when the last one's name is a link", async () => {
    const outside = elsewhere();
    const out = join(tempDir(), 'out');
    mkdirSync(out);
    symlinkSync(outside.file, join(out, 'office365.csv'));
    const result = await runInProcess([
      'render',
      'samples/azure-csbp.json',
      'samples/office365.json',
      '-f',
      'csv',
      '--out-dir',
      out,
    ]);
    expectRefused(result, join(out, 'office365.csv'));
    expectUntouched(outside);
    expect(readdirSync(out)).toEqual(['office365.csv']);
  });

  it('refuses a folder below --out-dir that is a link (a directory input mirrored)', async () => {
    const outside = elsewhere();
    const inputs = join(tempDir(), 'in');
    mkdirSync(join(inputs, 'team'), { recursive: true });
    copyFileSync('samples/azure-csbp.json', join(inputs, 'team', 'azure-csbp.json'));
    const out = join(tempDir(), 'out');
    mkdirSync(out);
    symlinkSync(outside.dir, join(out, 'team'));
    const result = await runInProcess(['render', inputs, '-f', 'csv', '--out-dir', out]);
    expectRefused(result, join(out, 'team'));
    expectUntouched(outside);
  });

  it('writes through --out-dir itself when it is a link: the folder the user named', async () => {
    const outside = elsewhere();
    const out = join(tempDir(), 'out');
    symlinkSync(outside.dir, out);
    const result = await runInProcess(['render', 'samples/azure-csbp.json', '-f', 'csv', '--out-dir', out]);
    expect(result.code).toBe(0);
    expect(readdirSync(outside.dir).sort()).toEqual(['azure-csbp.csv', 'precious.txt']);
  });
});

describe('-o FILE never writes through a link of that name', () => {
  it.each([
    ['render', (file: string) => ['render', 'samples/azure-csbp.json', '-f', 'html', '-o', file]],
    ['render -f parquet', (file: string) => ['render', 'samples/azure-csbp.json', '-f', 'parquet', '-o', file]],
    ['check', (file: string) => ['check', 'samples/azure-csbp.json', '-f', 'json', '-o', file]],
    ['schema', (file: string) => ['schema', '-o', file]],
  ])('%s refuses it, and leaves the target as it was', async (_name, args) => {
    const outside = elsewhere();
    const link = join(tempDir(), 'x.out');
    symlinkSync(outside.file, link);
    expectRefused(await runInProcess(args(link)), link);
    expectUntouched(outside);
  });
});

describe('fetch --out-dir never writes through a link inside the output folder', () => {
  const credentials = {
    licenseToken: 'LICENSE-TOKEN-1a2b',
    accountToken: 'ACCOUNT-TOKEN-3c4d',
    apiKey: 'API-KEY-5e6f',
  };
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

  it('refuses a report file of the out-dir that is a link, and leaves its target as it was', async () => {
    const outside = elsewhere();
    const out = join(tempDir(), 'reports');
    mkdirSync(out);
    const link = join(out, `${account.accountId}_CSBP_${account.jobId}.json`);
    symlinkSync(outside.file, link);
    const env = {
      CSPM_BASE_URL: emulator.url,
      CSPM_ACCOUNT_TOKEN: credentials.accountToken,
      CSPM_API_KEY: credentials.apiKey,
    };
    const result = await runInProcess(
      [
        'fetch',
        '--license',
        'L1',
        '--account',
        account.accountId,
        '--job',
        account.jobId,
        '--benchmark',
        'CSBP',
        '--out-dir',
        out,
      ],
      { env },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`refusing to write through a symbolic link: ${link} is a symbolic link`);
    expectUntouched(outside);
    expect(readdirSync(out)).toEqual([`${account.accountId}_CSBP_${account.jobId}.json`]);
  });
});
