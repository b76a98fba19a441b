import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fleetAccountThreshold } from '../../src/render/fleet/fleet-tier.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const sample = (JSON.parse(readFileSync('samples/aws-cis.json', 'utf8')) as { result: object[] }).result[0] as object;

/** A folder of one report file per account, `accounts` of them, each under its own AccountId. */
function fleetFolder(accounts: number): string {
  const dir = tempDir();
  for (let index = 1; index <= accounts; index++) {
    writeFileSync(
      join(dir, `account-${index}.json`),
      JSON.stringify({ ...sample, AccountId: `acct-${index}`, AccountName: `Team ${index} production` }),
    );
  }
  return dir;
}

describe('render: the fleet tier', () => {
  it(`is the default for one document of more than ${fleetAccountThreshold} accounts`, async () => {
    const dir = fleetFolder(fleetAccountThreshold + 1);
    const out = join(dir, 'all.html');
    const run = await runInProcess(['render', dir, '-o', out]);
    expect(run.stderr).not.toMatch(/^cspm-report:/m);
    expect(run.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain(
      `<title>Compliance of a fleet of ${fleetAccountThreshold + 1} accounts</title>`,
    );
  });

  it(`is not the default for ${fleetAccountThreshold} accounts, and an explicit --tier always wins`, async () => {
    const dir = fleetFolder(fleetAccountThreshold);
    const [full, fleet] = [join(dir, 'full.html'), join(dir, 'fleet.html')];
    expect((await runInProcess(['render', dir, '-o', full])).code).toBe(0);
    expect(readFileSync(full, 'utf8')).not.toContain('Compliance of a fleet');
    expect((await runInProcess(['render', dir, '-o', fleet, '--tier', 'fleet'])).code).toBe(0);
    expect(readFileSync(fleet, 'utf8')).toContain(`Compliance of a fleet of ${fleetAccountThreshold} accounts`);
    const many = fleetFolder(fleetAccountThreshold + 1);
    const forced = join(many, 'full.html');
    expect((await runInProcess(['render', many, '-o', forced, '--tier', 'full'])).code).toBe(0);
    expect(readFileSync(forced, 'utf8')).not.toContain('Compliance of a fleet');
  });

  it('writes the fleet workbook and PDF', async () => {
    const dir = fleetFolder(1);
    const run = await runInProcess([
      'render',
      dir,
      '--tier',
      'fleet',
      '-f',
      'xlsx',
      '-f',
      'pdf',
      '--out-dir',
      join(dir, 'out'),
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('account-1.xlsx');
    expect(run.stderr).toContain('account-1.pdf');
  });

  it('warns that CSV has no fleet tier, naming the formats that do', async () => {
    const dir = fleetFolder(1);
    const run = await runInProcess([
      'render',
      join(dir, 'account-1.json'),
      '-f',
      'csv',
      '--tier',
      'fleet',
      '--out-dir',
      join(dir, 'out'),
    ]);
    expect(run.stderr.split('\n').filter((line) => line.startsWith('cspm-report:'))).toEqual([
      'cspm-report: warning: --tier fleet does nothing for csv; html, pdf and xlsx read it',
    ]);
  });
});
