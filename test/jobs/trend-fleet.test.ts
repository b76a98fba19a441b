import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCspmError, trendAccounts, trendScans, type FleetTrend } from '../../src/index.js';
import { useTempDir } from '../support/temp-dir.js';
import { writeFleet, type FleetAccount } from '../analyse/trend/fleet-scans.js';

const tempDir = useTempDir();

/** Three rounds of four accounts: b drops most, a less, c improves, d is lost in the last round. */
const accounts: FleetAccount[] = [
  { id: 'acct-a', reds: [0, 2, 4] },
  { id: 'acct-b', reds: [0, 0, 8] },
  { id: 'acct-c', reds: [3, 1, 0] },
  { id: 'acct-d', reds: [0, 1, null] },
];

async function fleetOf(inputs: string[]): Promise<FleetTrend> {
  const outcome = await trendAccounts(inputs);
  if (outcome.status !== 'fleet') throw new Error(`no fleet: ${outcome.status}`);
  return outcome.fleet;
}

describe('trendAccounts of a fleet', () => {
  it('makes a series per account, each ordered by scan date', async () => {
    const dir = tempDir();
    const folders = await writeFleet(dir, accounts);
    const fleet = await fleetOf([dir]);
    expect(fleet.series.map((series) => series.accountId)).toEqual(['acct-a', 'acct-b', 'acct-c', 'acct-d']);
    const a = fleet.series[0];
    expect(a?.order).toBe('scan-date');
    expect(a?.scans.map((scan) => scan.jobId)).toEqual(['acct-a-0', 'acct-a-1', 'acct-a-2']);
    expect(a?.scans.map((scan) => scan.source)).toEqual(folders.map((folder) => join(folder, 'acct-a.json')));
    // Four Green policies turned Red cost more than two: the percents fall scan by scan.
    const percents = a?.scans.map((scan) => scan.figures.percent) ?? [];
    expect(percents[0]).toBeGreaterThan(percents[1] as number);
    expect(percents[1]).toBeGreaterThan(percents[2] as number);
    expect(a?.changeSinceFirst).toBeCloseTo((percents[2] as number) - (percents[0] as number), 9);
    expect(a?.changeSincePrevious).toBeCloseTo((percents[2] as number) - (percents[1] as number), 9);
    expect(fleet.latestFolder).toBe(folders[2]);
  });

  it('ranks the lost account first, then the biggest drops, and leaves out those that improved', async () => {
    const dir = tempDir();
    await writeFleet(dir, accounts);
    const fleet = await fleetOf([dir]);
    expect(fleet.dropsSinceFirst.map((rank) => rank.accountId)).toEqual(['acct-d', 'acct-b', 'acct-a']);
    expect(fleet.dropsSincePrevious.map((rank) => rank.accountId)).toEqual(['acct-d', 'acct-b', 'acct-a']);
    expect(fleet.dropsSinceFirst[0]).toMatchObject({ lost: true, change: null });
    const [, b, a] = fleet.dropsSinceFirst;
    expect(b?.change).toBeLessThan(a?.change as number);
    expect(fleet.series.find((series) => series.accountId === 'acct-c')?.changeSinceFirst).toBeGreaterThan(0);
  });

  it('lists an account with no scan in the latest round as lost, its drop never hidden', async () => {
    const dir = tempDir();
    await writeFleet(dir, accounts);
    const fleet = await fleetOf([dir]);
    expect(fleet.lost).toBe(1);
    const d = fleet.series.find((series) => series.accountId === 'acct-d');
    expect(d).toMatchObject({ lost: true });
    expect(d?.scans).toHaveLength(2);
    expect(fleet.series.filter((series) => series.lost).map((series) => series.accountId)).toEqual(['acct-d']);
  });

  it('keeps the rankings to --top', async () => {
    const dir = tempDir();
    await writeFleet(dir, accounts);
    const outcome = await trendAccounts([dir], { top: 2 });
    expect(outcome.status === 'fleet' && outcome.fleet.dropsSinceFirst.map((rank) => rank.accountId)).toEqual([
      'acct-d',
      'acct-b',
    ]);
    expect(outcome.status === 'fleet' && outcome.fleet.series).toHaveLength(4);
  });

  it('keeps the files of one account of a fleet a trend of one account', async () => {
    const dir = tempDir();
    const folders = await writeFleet(dir, accounts);
    const outcome = await trendAccounts(folders.map((folder) => join(folder, 'acct-b.json')));
    expect(outcome.status).toBe('ok');
    expect(outcome.status === 'ok' && outcome.trend.scans).toHaveLength(3);
  });

  it('draws one account of a fleet folder by account, leaving out the files of the others', async () => {
    const dir = tempDir();
    await writeFleet(dir, accounts);
    const outcome = await trendAccounts([dir], { account: 'acct-b' });
    expect(outcome.status === 'ok' && outcome.trend.scans.map((scan) => scan.jobId)).toEqual([
      'acct-b-0',
      'acct-b-1',
      'acct-b-2',
    ]);
    // A file named on its own is no folder's: one of another account is refused, as it always was.
    const named = await trendAccounts(
      [join(dir, '2024-01-01', 'acct-a.json'), join(dir, '2024-02-01', 'acct-b.json')],
      { account: 'acct-b' },
    ).catch((caught: unknown) => caught);
    expect(isCspmError(named) && named.code).toBe('usage');
  });

  it('still refuses a lone scan of another account, and trendScans a fleet', async () => {
    const dir = tempDir();
    const folders = await writeFleet(dir, [
      { id: 'acct-a', reds: [0, 1, 2] },
      { id: 'stray', reds: [null, null, 0] },
    ]);
    const error = await trendAccounts([dir]).catch((caught: unknown) => caught);
    expect(isCspmError(error) && error.code).toBe('reports-mismatch');
    expect(String((error as Error).message)).toContain('stray');
    expect(String((error as Error).message)).toContain(
      'a trend of many accounts needs two scans or more of at least two of them',
    );
    const fleetDir = tempDir();
    await writeFleet(fleetDir, accounts);
    const single = await trendScans([fleetDir]).catch((caught: unknown) => caught);
    expect(isCspmError(single) && single.code).toBe('reports-mismatch');
    expect(folders).toHaveLength(3);
  });
});
