import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteBuilder, type SeriesScan } from '../../../src/analyse/site/site-builder.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { SiteModel } from '../../../src/model/site.js';
import { useTempDir } from '../../support/temp-dir.js';
import { siteAccounts, siteRounds, writeSiteFleet } from '../../render/site/site-fleet.js';

const tempDir = useTempDir();

/** Every scan of the generated fleet, analysed, in the order of the rounds. */
async function fleetScans(): Promise<SeriesScan[]> {
  const dir = tempDir();
  await writeSiteFleet(dir, siteAccounts);
  const scans: SeriesScan[] = [];
  for (const round of siteRounds)
    for (const name of readdirSync(join(dir, round)).sort()) {
      const source = join(dir, round, name);
      const analysis = await analyseInputs(source, { placeFindings: false });
      for (const analysed of analysis.sources[0]?.reports ?? []) scans.push({ source, analysed });
    }
  return scans;
}

/** Everything a site holds, made whole. */
function whole(model: SiteModel) {
  return {
    overview: model.overview,
    accounts: model.accounts,
    benchmarks: model.benchmarks,
    shards: [...model.shards()],
    pages: [...model.policyPages()],
  };
}

describe('SiteBuilder', () => {
  it('makes the same site of an account given whole as of its scans given one at a time, in any order', async () => {
    const scans = await fleetScans();
    const oneByOne = new SiteBuilder({ percentFormula: 'green-of-assessed' });
    for (const { source, analysed } of [...scans].reverse()) oneByOne.add(source, analysed);
    const whole1 = whole(oneByOne.build('Fleet', 10));
    const byAccount = new SiteBuilder({ percentFormula: 'green-of-assessed', asOf: '2024-03-18' });
    const ids = [...new Set(scans.map((scan) => scan.analysed.report.AccountId))].sort();
    for (const id of ids) {
      byAccount.addSeries(scans.filter((scan) => scan.analysed.report.AccountId === id));
      // Shards are handed out as they fill: none of four accounts fills one.
      expect([...byAccount.takeShards()]).toEqual([]);
    }
    expect(whole(byAccount.build('Fleet', 10))).toEqual(whole1);
  });

  it('hands out a shard as soon as it holds 64 accounts, and the last one at the end', async () => {
    const [scan] = await fleetScans();
    const builder = new SiteBuilder({ percentFormula: 'green-of-assessed' });
    const taken: number[] = [];
    for (let at = 0; at < 130; at += 1) {
      const analysed = structuredClone(scan?.analysed) as SeriesScan['analysed'];
      analysed.report.AccountId = `acct-${String(at).padStart(3, '0')}`;
      builder.addSeries([{ source: 'a.json', analysed }]);
      taken.push(...[...builder.takeShards()].map((shard) => shard.accounts.length));
    }
    expect(taken).toEqual([64, 64]);
    const model = builder.build('Fleet');
    expect([...model.shards()].map((shard) => [shard.index, shard.accounts.length])).toEqual([[2, 2]]);
    expect(model.accounts.map((row) => row.shard).slice(62, 67)).toEqual([0, 0, 1, 1, 1]);
  });

  it('counts every account that dropped, not only the ranked ones, and ranks lost accounts apart', async () => {
    const [scan] = await fleetScans();
    const builder = new SiteBuilder({ percentFormula: 'green-of-assessed' });
    const at = (id: string, round: number, green: number, folder: string): SeriesScan => {
      const analysed = structuredClone(scan?.analysed) as SeriesScan['analysed'];
      Object.assign(analysed.report, {
        AccountId: id,
        JobId: `${id}-${round}`,
        LastScannedDate: `2024-03-0${round}T06:00:00Z`,
      });
      analysed.figures = { ...analysed.figures, green, total: 10, gray: 0, percent: green * 10 };
      return { source: `${folder}/${id}.json`, analysed };
    };
    for (let n = 0; n < 12; n += 1) {
      const id = `drop-${String(n).padStart(2, '0')}`;
      builder.addSeries([at(id, 1, 9, 'r1'), at(id, 2, 8, 'r2')]);
    }
    for (let n = 0; n < 3; n += 1) builder.addSeries([at(`lost-${n}`, 1, 9, 'r1')]);
    const { overview } = builder.build('Fleet', 10);
    expect(overview.dropped).toBe(12);
    expect(overview.drops).toHaveLength(10);
    expect(overview.drops.every((drop) => !drop.lost)).toBe(true);
    expect(overview.lostAccounts.map((drop) => drop.accountId)).toEqual(['lost-0', 'lost-1', 'lost-2']);
  });
});
