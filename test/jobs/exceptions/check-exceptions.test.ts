import { copyFileSync, writeFileSync } from 'node:fs';
import { exceptionEntry } from '../../support/sample-exceptions.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExceptions } from '../../../src/jobs/exceptions/check-exceptions.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();

/**
 * The fixture's five exceptions on the bundled Azure sample (Contoso Production, CSBP),
 * judged on 2026-12-02: EXC-1 on the Red Critical VMDiskEncryption, EXC-2 expired on
 * 2026-11-30, EXC-3 on a policy the report lacks, EXC-4 on a Green policy, EXC-5 on two
 * Red policies until 2026-12-15.
 */
const risks = 'test/fixtures/exceptions/risks.yaml';
const report = 'samples/azure-csbp.json';
const today = new Date('2026-12-02T18:30:00Z');

/** An exceptions file of `entries`, written to a temporary folder. */
function riskFile(entries: string): string {
  const path = join(tempDir(), 'risks.yaml');
  writeFileSync(path, `exceptions:\n${entries}`);
  return path;
}

/** One exception on the sample's account, approved on 2026-11-01, the day these tests judge from. */
function entry(id: string, policy: string, expires: string): string {
  return exceptionEntry(id, policy, expires, '2026-11-01');
}

describe('checkExceptions against reports', () => {
  it('judges every state, with the policies each exception matches and accepts', async () => {
    const result = await checkExceptions([risks], report, { today });
    expect(result.today).toBe('2026-12-02');
    expect(result.matched).toBe(true);
    expect(result.reports).toEqual([report]);
    expect(
      result.outcomes.map(({ exception, state, daysLeft, matches, accepted }) => [
        exception.id,
        state,
        daysLeft,
        matches.map((match) => `${match.policyId} ${match.compliance}`),
        accepted.length,
      ]),
    ).toEqual([
      ['EXC-1', 'active', 119, ['VMDiskEncryption Red'], 1],
      ['EXC-2', 'expired', -2, ['VMJustInTimeAccess Red'], 0],
      ['EXC-3', 'unused', 119, [], 0],
      ['EXC-4', 'unneeded', 119, ['VMManagedDisks Green'], 0],
      ['EXC-5', 'expiring', 13, ['SQLLongTermRetention Red', 'VMApprovedExtensions Red'], 2],
    ]);
  });

  it('fails on the expired exception, naming it with its date and owner, and tells the warnings after', async () => {
    const { verdict } = await checkExceptions([risks], [report], { today });
    expect(verdict).toEqual({
      status: 'fail',
      exitCode: 1,
      reasons: [
        'EXC-2 expired 2026-11-30 (2 days ago), owner net-team@example.com',
        'EXC-3 (test/fixtures/exceptions/risks.yaml /exceptions/2) matches no policy',
        'EXC-4 (test/fixtures/exceptions/risks.yaml /exceptions/3) matches only Green or Gray policies: the risk is gone',
        'EXC-5 expires 2026-12-15 (in 13 days), owner data-team@example.com',
      ],
    });
  });

  it('passes on an unused exception, saying so; fails on it with failOn warning', async () => {
    const file = riskFile(
      entry('EXC-1', 'VMDiskEncryption', '2027-03-31') + entry('EXC-3', 'NoSuchPolicy', '2027-03-31'),
    );
    const unused = `EXC-3 (${file} /exceptions/1) matches no policy`;
    expect((await checkExceptions([file], report, { today })).verdict).toEqual({
      status: 'pass',
      exitCode: 0,
      reasons: [unused],
    });
    expect((await checkExceptions([file], report, { today, failOn: 'warning' })).verdict).toEqual({
      status: 'fail',
      exitCode: 1,
      reasons: [unused],
    });
  });

  it('passes with nothing to say when every exception is in force on a failing policy', async () => {
    const file = riskFile(entry('EXC-1', 'VMDiskEncryption', '2027-03-31'));
    const result = await checkExceptions([file], report, { today, failOn: 'warning' });
    expect(result.verdict).toEqual({ status: 'pass', exitCode: 0, reasons: [] });
  });

  it('takes the warning days: 120 makes an exception 119 days from its expiry expiring', async () => {
    const file = riskFile(entry('EXC-1', 'VMDiskEncryption', '2027-03-31'));
    const result = await checkExceptions([file], report, { today, expiryWarningDays: 120 });
    expect(result.expiryWarningDays).toBe(120);
    expect(result.outcomes[0]?.state).toBe('expiring');
    expect((await checkExceptions([file], report, { today, expiryWarningDays: 119 })).outcomes[0]?.state).toBe(
      'expiring',
    );
    expect((await checkExceptions([file], report, { today, expiryWarningDays: 118 })).outcomes[0]?.state).toBe(
      'active',
    );
  });

  it('fails on reports it cannot trust: every exception would read as unused', async () => {
    const notAReport = join(tempDir(), 'not-a-report.json');
    writeFileSync(notAReport, '{"hello": "world"}');
    const file = riskFile(entry('EXC-1', 'VMDiskEncryption', '2027-03-31'));
    const { verdict, outcomes } = await checkExceptions([file], notAReport, { today });
    expect(outcomes[0]?.state).toBe('unused');
    expect(verdict.exitCode).toBe(1);
    expect(verdict.reasons[0]).toBe('no valid benchmark report in the reports');
  });

  it('judges against a report whose findings do not stop it being read: its policies are what they say', async () => {
    const file = riskFile(
      entry('EXC-1', 'NSGRdpFromInternet', '2027-03-31').replace('Contoso Production', 'Woodgrove Bank - Dev/Test'),
    );
    const { verdict, outcomes } = await checkExceptions([file], 'samples/broken/category-total.json', { today });
    expect(outcomes[0]?.state).toBe('active');
    expect(verdict).toEqual({ status: 'pass', exitCode: 0, reasons: [] });
  });

  it('names a report given as a listed path by its path', async () => {
    const result = await checkExceptions([risks], [{ path: report, listed: true }], { today });
    expect(result.reports).toEqual([report]);
    expect(result.outcomes[0]?.state).toBe('active');
  });

  it('names a report given as text by its name', async () => {
    const result = await checkExceptions([risks], [{ text: '[]', name: 'pasted.json' }], { today });
    expect(result.reports).toEqual(['pasted.json']);
  });
});

describe('checkExceptions by date alone', () => {
  it('judges active, expiring and expired, matches nothing and says unused and unneeded were not judged', async () => {
    for (const reports of [undefined, []]) {
      const result = await checkExceptions([risks], reports, { today });
      expect(result.matched).toBe(false);
      expect(result.reports).toEqual([]);
      expect(result.outcomes.map(({ exception, state, daysLeft }) => [exception.id, state, daysLeft])).toEqual([
        ['EXC-1', 'active', 119],
        ['EXC-2', 'expired', -2],
        ['EXC-3', 'active', 119],
        ['EXC-4', 'active', 119],
        ['EXC-5', 'expiring', 13],
      ]);
      expect(result.outcomes.every((outcome) => outcome.matches.length === 0 && outcome.accepted.length === 0)).toBe(
        true,
      );
      expect(result.verdict.exitCode).toBe(1);
    }
  });

  it('counts the last day as in force and the day after as expired', async () => {
    const file = riskFile(entry('EXC-1', 'VMDiskEncryption', '2026-12-02'));
    expect((await checkExceptions([file], undefined, { today })).outcomes[0]).toMatchObject({
      state: 'expiring',
      daysLeft: 0,
    });
    const dayAfter = new Date('2026-12-03T00:00:00Z');
    expect((await checkExceptions([file], undefined, { today: dayAfter })).outcomes[0]).toMatchObject({
      state: 'expired',
      daysLeft: -1,
    });
  });

  it('takes the warning days: an exception that many days from its expiry is expiring, one more is active', async () => {
    const file = riskFile(entry('EXC-1', 'VMDiskEncryption', '2027-03-31'));
    const stateWith = async (days: number) =>
      (await checkExceptions([file], undefined, { today, expiryWarningDays: days })).outcomes[0]?.state;
    expect(await stateWith(119)).toBe('expiring');
    expect(await stateWith(118)).toBe('active');
  });

  it('is judged on the day it runs when no day is given', async () => {
    const file = riskFile(entry('EXC-1', 'VMDiskEncryption', '2027-06-01'));
    const result = await checkExceptions([file]);
    expect(result.today).toBe(new Date().toISOString().slice(0, 10));
    expect(result.failOn).toBe('error');
    expect(result.expiryWarningDays).toBe(30);
  });
});

describe('checkExceptions refuses', () => {
  it('a file that does not check, naming the file, line, column and pointer', async () => {
    const file = riskFile(entry('EXC-1', 'VMDiskEncryption', '2028-03-31'));
    await expect(checkExceptions([file], undefined, { today })).rejects.toThrow(
      `${file}:9:14: /exceptions/0/expires: expires 516 days after it was approved`,
    );
  });

  it('an exception longer than maxExceptionDays, and takes a longer limit', async () => {
    const file = riskFile(entry('EXC-1', 'VMDiskEncryption', '2027-03-31'));
    await expect(checkExceptions([file], undefined, { today, maxExceptionDays: 100 })).rejects.toThrow(
      /expires 150 days after it was approved/,
    );
    const longer = riskFile(entry('EXC-1', 'VMDiskEncryption', '2028-03-31'));
    await expect(checkExceptions([longer], undefined, { today, maxExceptionDays: 600 })).resolves.toBeDefined();
  });

  it('an output that is one of its inputs, an exceptions file or a report', async () => {
    const dir = tempDir();
    const file = join(dir, 'risks.yaml');
    const copy = join(dir, 'scan.json');
    copyFileSync(risks, file);
    copyFileSync(report, copy);
    await expect(
      checkExceptions([file], undefined, { today, outputs: [{ path: file, from: 'the csv result' }] }),
    ).rejects.toMatchObject({ code: 'output-is-input' });
    await expect(
      checkExceptions([file], copy, { today, outputs: [{ path: copy, from: 'the csv result' }] }),
    ).rejects.toMatchObject({ code: 'output-is-input' });
    await expect(
      checkExceptions([file], copy, { today, outputs: [{ path: join(dir, 'out.csv'), from: 'the csv result' }] }),
    ).resolves.toBeDefined();
  });
});
