import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteOverview } from '../../src/model/site.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';
import { siteAccounts, siteRounds, writeSiteFleet } from '../render/site/site-fleet.js';
import { pooledPercent, readAccount, readAccounts, readChunk, recountFleet } from '../render/site/site-recount.js';

const tempDir = useTempDir();

describe('cspm-report site', () => {
  // Written once for the file: the temporary folders of each test are removed after it.
  let inputs: string;
  beforeAll(async () => {
    inputs = mkdtempSync(join(tmpdir(), 'cspm-site-'));
    await writeSiteFleet(inputs, siteAccounts);
  });
  afterAll(() => rmSync(inputs, { recursive: true, force: true }));

  it('writes the page, its scripts and style, and the data in chunks: overview, accounts, policies, a shard of accounts, a page per policy', async () => {
    const out = join(tempDir(), 'site');
    const run = await runInProcess(['site', inputs, '-o', out]);
    const policies = readChunk<{ key: string; policies: { key: string }[] }[]>(join(out, 'data/policies.js'));
    const pages = policies.flatMap((benchmark) => benchmark.policies.map((policy) => `${benchmark.key}-${policy.key}`));
    // Three samples' policies, each named once, whatever the number of accounts and scans.
    expect(pages).toHaveLength(59 + 127 + 73);
    expect(run.stderr).toBe(`wrote ${join(out, 'index.html')} and ${11 + pages.length} more files\n`);
    expect(run.code).toBe(0);
    for (const name of ['index.html', 'site-script.js', 'site-policies.js', 'site.css', 'data/account/0.js'])
      expect(existsSync(join(out, name)), name).toBe(true);
    for (const page of pages) expect(existsSync(join(out, 'data/policy', `${page}.js`)), page).toBe(true);
    const accounts = readAccounts(out);
    expect(accounts.map((row) => row.accountId)).toEqual(['aws-payments', 'aws-sandbox', 'azure-data', 'o365-corp']);
    expect(accounts.map((row) => row.shard)).toEqual([0, 0, 0, 0]);
  });

  it('states the figures the inputs hold, counted again from the files', async () => {
    const out = join(tempDir(), 'site');
    await runInProcess(['site', inputs, '-o', out]);
    const recount = recountFleet(inputs);
    const overview = readChunk<SiteOverview>(join(out, 'data/overview.js'));
    expect(overview.days.map((day) => day.date)).toEqual(siteRounds);
    // The lost account counts as it last stood: its latest scan is the one of the round before.
    expect(overview.days.at(-1)?.percent).toBeCloseTo(pooledPercent(recount.values()), 9);
    expect(overview).toMatchObject({ accounts: 4, lost: 1, latest: '2024-03-18' });
    expect(overview.drops.map((drop) => [drop.accountId, drop.lost])).toEqual([['aws-payments', false]]);
    expect(overview.lostAccounts.map((drop) => drop.accountId)).toEqual(['aws-sandbox']);
    expect(overview.dropped).toBe(1);
    const accounts = readAccounts(out);
    for (const row of accounts) {
      const counted = recount.get(row.accountId as string);
      expect(row.red, String(row.accountId)).toBe(counted?.red);
      expect(row.amber, String(row.accountId)).toBe(counted?.amber);
      // Three decimals in the data: the pages show one.
      expect(row.percent as number).toBeCloseTo(((counted?.green ?? 0) / (counted?.assessed ?? 1)) * 100, 3);
    }
    expect(overview.groups.map((group) => [group.connector, group.accounts])).toEqual([
      ['AWS', 2],
      ['Azure', 1],
      ['Office365', 1],
    ]);
  });

  it('keeps each policy history as changes: a steady policy is one pair, not one per scan', async () => {
    const out = join(tempDir(), 'site');
    await runInProcess(['site', inputs, '-o', out]);
    const steady = readAccount(out, 'o365-corp');
    expect(steady.scans).toHaveLength(3);
    expect(steady.policies.every((policy) => policy.changes.length === 2)).toBe(true);
    const dropping = readAccount(out, 'aws-payments');
    // Five Green policies turned Red over the rounds: two in the second scan, three more in the third.
    const changedAt = (scan: number) => dropping.policies.filter((policy) => policy.changes.includes(scan, 2)).length;
    expect([changedAt(1), changedAt(2)]).toEqual([2, 3]);
  });

  it('escapes the title in the page and builds no site of a scan that does not check (exit code 1)', async () => {
    const titled = join(tempDir(), 'site');
    await runInProcess(['site', inputs, '-o', titled, '--title', '<script>alert(1)</script>']);
    const page = readFileSync(join(titled, 'index.html'), 'utf8');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert');
    const broken = tempDir();
    await writeSiteFleet(broken, siteAccounts.slice(0, 2));
    const file = join(broken, siteRounds[1] as string, 'aws-payments.json');
    const [report] = JSON.parse(readFileSync(file, 'utf8')) as [{ ResourceCategories: { Total: number }[] }];
    (report.ResourceCategories[0] as { Total: number }).Total += 1;
    writeFileSync(file, JSON.stringify([report]));
    const out = join(tempDir(), 'site');
    const run = await runInProcess(['site', broken, '-o', out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file}`);
    expect(run.stderr).toMatch(/no site built\n$/);
    expect(existsSync(out)).toBe(false);
  });

  it('counts a scan given twice once, and reads no standard input', async () => {
    const out = join(tempDir(), 'site');
    const again = join(inputs, siteRounds[0] as string, 'o365-corp.json');
    const run = await runInProcess(['site', inputs, again, '-o', out]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`${again}: the same file as ${again}; counted once`);
    const refused = await runInProcess(['site', '-', '-o', out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^cspm-report: invalid usage: site reads scans from files or directories, not standard input \(-\)\n/,
    );
  });

  it('refuses a --top that ranks nothing, and a folder of no scan, each in one line (exit 2), writing nothing', async () => {
    const out = join(tempDir(), 'site');
    const top = await runInProcess(['site', inputs, '-o', out, '--top', '0']);
    expect(top).toMatchObject({ code: 2, stdout: '' });
    expect(top.stderr).toMatch(
      /^cspm-report: invalid usage: --top: the accounts ranked must be a whole number of 1 or more, not 0\n$/,
    );
    const empty = tempDir();
    const none = await runInProcess(['site', empty, '-o', out]);
    expect(none).toMatchObject({ code: 2, stderr: `cspm-report: directory holds no *.json file: ${empty}\n` });
    expect(existsSync(out)).toBe(false);
  });
});
