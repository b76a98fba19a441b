import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCspmError, trendAccounts, trendScans, type Trend } from '../../src/index.js';
import { writeFleet } from '../analyse/trend/fleet-scans.js';
import { useTempDir } from '../support/temp-dir.js';
import { trendToday, writeTrendExceptions, writeTrendScans } from '../support/trend-exceptions-fixture.js';

const tempDir = useTempDir();

async function trendOf(inputs: string[], options = {}): Promise<Trend> {
  const outcome = await trendScans(inputs, options);
  if (outcome.status !== 'ok') throw new Error(`${outcome.source} did not check`);
  return outcome.trend;
}

describe('trendScans with exceptions', () => {
  it('judges each scan on its own day: an exception accepts from its approval to its last day', async () => {
    const dir = tempDir();
    const { folder } = await writeTrendScans(dir);
    const exceptions = writeTrendExceptions(dir);
    const trend = await trendOf([folder], { exceptions: [exceptions], today: trendToday });
    // EXC-1 throughout; EXC-2 until 2026-01-02; EXC-4 from 2026-01-04.
    expect(trend.scans.map((scan) => scan.acceptedPolicies)).toEqual([2, 2, 1, 2]);
    // The compliance stays as scanned.
    const plain = await trendOf([folder]);
    expect(trend.scans.map((scan) => scan.figures)).toEqual(plain.scans.map((scan) => scan.figures));
    const record = trend.exceptions;
    expect(record?.judgedOn).toBe('2026-01-04');
    expect(record?.applied).toEqual(['EXC-1', 'EXC-2', 'EXC-4']);
    expect(record?.exceptions.map(({ id, state, daysLeft }) => [id, state, daysLeft])).toEqual([
      ['EXC-1', 'active', 177],
      ['EXC-2', 'expired', -2],
      ['EXC-3', 'unused', 177],
      ['EXC-4', 'expiring', 16],
    ]);
    expect(record?.warnings).toEqual([
      `EXC-2 expired 2026-01-02 (2 days before the latest scan, 2026-01-04), owner platform@example.com: it accepts nothing since, and the policies it named fail again (${exceptions} /exceptions/1)`,
      `EXC-4 expires 2026-01-20 (16 days after the latest scan, 2026-01-04), owner platform@example.com (${exceptions} /exceptions/3)`,
      `EXC-3 matches no policy of the latest scan, owner platform@example.com (${exceptions} /exceptions/2)`,
    ]);
    expect(record?.files).toEqual([
      { path: exceptions, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), ids: ['EXC-1', 'EXC-2', 'EXC-3', 'EXC-4'] },
    ]);
  });

  it('judges scans with no date on the run day', async () => {
    const dir = tempDir();
    const { scans } = await writeTrendScans(dir);
    for (const path of scans) {
      const text = readFileSync(path, 'utf8');
      writeFileSync(path, text.replace(/"LastScannedDate":"[^"]*"/, '"LastScannedDate":null'));
    }
    const trend = await trendOf(scans, { exceptions: [writeTrendExceptions(dir)], today: trendToday });
    expect(trend.order).toBe('job-id');
    // On 2026-01-10 EXC-2 has expired and EXC-4 is approved: every scan the same.
    expect(trend.scans.map((scan) => scan.acceptedPolicies)).toEqual([2, 2, 2, 2]);
    expect(trend.exceptions?.judgedOn).toBe('2026-01-10');
  });

  it('leaves a trend without exceptions as it was', async () => {
    const dir = tempDir();
    const { folder } = await writeTrendScans(dir);
    const trend = await trendOf([folder]);
    expect(trend.scans.some((scan) => 'acceptedPolicies' in scan)).toBe(false);
    expect('exceptions' in trend).toBe(false);
  });

  it('fails on an exceptions file that does not check, before any scan is read', async () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'exceptions:\n  - id: EXC-1\n');
    const error = await trendAccounts([join(dir, 'no-such-folder')], { exceptions: [bad] }).catch(
      (caught: unknown) => caught,
    );
    expect(isCspmError(error) && error.code).toBe('exceptions-invalid');
  });

  it("gives a fleet the accepted policies of every scan, and the states of each account's latest scan", async () => {
    const dir = tempDir();
    await writeFleet(join(dir, 'fleet'), [
      { id: 'acct-a', reds: [0, 1, 2] },
      { id: 'acct-b', reds: [0, 0, 1] },
    ]);
    const entry = (id: string, policy: string, accounts: string, expires: string): string =>
      `  - {id: ${id}, policy: ${policy}, accounts: [${accounts}], reason: Accepted until the migration ends., owner: a@example.com, approvedBy: b@example.com, approved: "2023-12-01", expires: "${expires}"}`;
    const path = join(dir, 'risks.yaml');
    writeFileSync(
      path,
      `exceptions:\n${entry('EXC-A', 'VMDiskEncryption', 'acct-a', '2024-11-30')}\n${entry('EXC-B', 'SQLLongTermRetention', '"*"', '2024-02-15')}\n`,
    );
    const outcome = await trendAccounts([join(dir, 'fleet')], { exceptions: [path], today: trendToday });
    if (outcome.status !== 'fleet') throw new Error(`no fleet: ${outcome.status}`);
    const { fleet } = outcome;
    // EXC-B accepts in the rounds of January and February, not in March's: its last day was 2024-02-15.
    expect(fleet.series.map((series) => series.scans.map((scan) => scan.acceptedPolicies))).toEqual([
      [2, 2, 1],
      [1, 1, 0],
    ]);
    expect(fleet.exceptions?.judgedOn).toBe('2024-03-01');
    expect(fleet.exceptions?.applied).toEqual(['EXC-A', 'EXC-B']);
    expect(fleet.exceptions?.exceptions.map(({ id, state }) => [id, state])).toEqual([
      ['EXC-A', 'active'],
      ['EXC-B', 'expired'],
    ]);
  });
});
