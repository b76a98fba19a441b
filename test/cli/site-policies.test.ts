import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteBenchmark, SiteOverview, SitePolicyFailure, SitePolicyFix } from '../../src/model/site.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';
import { siteAccounts, siteExceptionsYaml, writeSiteFleet } from '../render/site/site-fleet.js';
import { readAccount, readAccounts, readChunk, recountFleet } from '../render/site/site-recount.js';

const tempDir = useTempDir();

/** A policy's page as its chunk holds it: a list per column. */
interface PolicyChunk {
  failing: { [K in keyof SitePolicyFailure]: SitePolicyFailure[K][] };
  fixed: { [K in keyof SitePolicyFix]: SitePolicyFix[K][] };
}

/** The lists of a chunk's columns as records. */
function records<T>(columns: { [K in keyof T]: T[K][] }): T[] {
  const names = Object.keys(columns) as (keyof T)[];
  return (columns[names[0] as keyof T] ?? []).map(
    (_, at) => Object.fromEntries(names.map((name) => [name, columns[name][at]])) as T,
  );
}

interface PolicyPage {
  failing: SitePolicyFailure[];
  fixed: SitePolicyFix[];
}

function readPolicyPage(path: string): PolicyPage {
  const chunk = readChunk<PolicyChunk>(path);
  return { failing: records(chunk.failing), fixed: records(chunk.fixed) };
}

describe('cspm-report site: policies and accepted risks', () => {
  let inputs: string;
  let site: string;
  let exceptions: string;
  let run: Awaited<ReturnType<typeof runInProcess>>;
  beforeAll(async () => {
    inputs = mkdtempSync(join(tmpdir(), 'cspm-site-policies-'));
    await writeSiteFleet(join(inputs, 'scans'), siteAccounts);
    exceptions = join(inputs, 'risks.yaml');
    writeFileSync(exceptions, siteExceptionsYaml);
    site = join(inputs, 'site');
    run = await runInProcess(['site', join(inputs, 'scans'), '-o', site, '--exceptions', exceptions]);
  });
  afterAll(() => rmSync(inputs, { recursive: true, force: true }));

  const rowOf = (accountId: string) => readAccounts(site).findIndex((row) => row.accountId === accountId);
  function policy(policyId: string): { benchmark: SiteBenchmark; at: number; page: PolicyPage } {
    const benchmarks = readChunk<SiteBenchmark[]>(join(site, 'data/policies.js'));
    for (const benchmark of benchmarks) {
      const at = benchmark.policies.findIndex((one) => one.policyId === policyId);
      if (at === -1) continue;
      const key = benchmark.policies[at]?.key as string;
      return { benchmark, at, page: readPolicyPage(join(site, 'data/policy', `${benchmark.key}-${key}.js`)) };
    }
    throw new Error(`no policy ${policyId}`);
  }

  it('builds, warning of the exception that expired before the latest scan', () => {
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('EXC-B expired 2024-03-15');
    expect(run.stderr).toMatch(/wrote .*index\.html and \d+ more files\n$/);
  });

  it('names where a policy fails now, since the first scan of its current failures, and the exception that accepts it', () => {
    const { benchmark, at, page } = policy('RootHardwareMfaEnabled');
    // Red in the sample, so in every scan of both AWS accounts; the sandbox's latest scan is of the second round.
    expect(page.failing).toEqual([
      {
        row: rowOf('aws-payments'),
        colour: 3,
        since: '2024-03-04',
        firstSeen: '2024-03-04',
        exception: 'EXC-A',
      },
      {
        row: rowOf('aws-sandbox'),
        colour: 3,
        since: '2024-03-04',
        firstSeen: '2024-03-04',
        exception: null,
      },
    ]);
    expect(benchmark.policies[at]).toMatchObject({ accounts: 2, failing: 2, accepted: 1, fixed: 0 });
    // The first Green policy of the sample turned Red in the second round, in both AWS accounts; EXC-B had expired.
    const turned = policy('SecurityContactRegistered').page;
    expect(turned.failing.map((one) => [one.row, one.since, one.exception])).toEqual([
      [rowOf('aws-payments'), '2024-03-11', null],
      [rowOf('aws-sandbox'), '2024-03-11', null],
    ]);
  });

  it('names where a policy was fixed, and on which scan it turned Green', () => {
    // The Azure account had three Red policies in the first round, one in the second and none in the third.
    const benchmarks = readChunk<SiteBenchmark[]>(join(site, 'data/policies.js'));
    const azure = benchmarks.find((one) => one.policies.length === 127) as SiteBenchmark;
    const fixed = azure.policies.filter((one) => one.fixed > 0);
    expect(fixed).toHaveLength(3);
    const days = fixed
      .map((one) => readPolicyPage(join(site, 'data/policy', `${azure.key}-${one.key}.js`)).fixed)
      .map((entries) => entries.map((entry) => [entry.row, entry.fixed]));
    expect(days.sort()).toEqual(
      [
        [[rowOf('azure-data'), '2024-03-11']],
        [[rowOf('azure-data'), '2024-03-11']],
        [[rowOf('azure-data'), '2024-03-18']],
      ].sort(),
    );
  });

  it('lists the exceptions by expiry on the overview, and the accepted policies on the account and its row', () => {
    const overview = readChunk<SiteOverview>(join(site, 'data/overview.js'));
    expect(
      overview.exceptions?.map(({ id, state, daysLeft, accepted, accounts }) => [
        id,
        state,
        daysLeft,
        accepted,
        accounts,
      ]),
    ).toEqual([
      ['EXC-B', 'expired', -3, 0, 0],
      ['EXC-A', 'active', 104, 1, 1],
    ]);
    expect(overview.exceptions?.[0]?.owner).toBe('<b>secops</b>@example.com');
    const payments = readAccount(site, 'aws-payments');
    const { at } = policy('RootHardwareMfaEnabled');
    expect(payments.accepted).toEqual([[at, 'EXC-A']]);
    expect(readAccounts(site).map((row) => [row.accountId, row.accepted])).toEqual([
      ['aws-payments', 1],
      ['aws-sandbox', 0],
      ['azure-data', 0],
      ['o365-corp', 0],
    ]);
    // Accepted risks change no figure: the Red count is as scanned.
    expect(readAccounts(site).find((row) => row.accountId === 'aws-payments')?.red).toBe(
      recountFleet(join(inputs, 'scans')).get('aws-payments')?.red,
    );
    expect(overview.worstPolicies[0]).toMatchObject({ title: expect.any(String), failing: 2, accepted: 0 });
  });

  it('has no exceptions list without --exceptions, and fails on an exceptions file that does not check (exit 2, no site)', async () => {
    const plain = join(tempDir(), 'site');
    expect((await runInProcess(['site', join(inputs, 'scans'), '-o', plain, '--quiet'])).code).toBe(0);
    expect(readChunk<SiteOverview>(join(plain, 'data/overview.js')).exceptions).toBeNull();
    const bad = join(tempDir(), 'bad.yaml');
    writeFileSync(bad, 'exceptions:\n  - id: X\n');
    const out = join(tempDir(), 'site');
    const refused = await runInProcess(['site', join(inputs, 'scans'), '-o', out, '--exceptions', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toContain(bad);
    expect(existsSync(out)).toBe(false);
  });
});

describe('cspm-report site: the folder it writes', () => {
  it('replaces a site written before whole: pages of accounts no longer in the inputs go', async () => {
    const dir = tempDir();
    await writeSiteFleet(join(dir, 'scans'), siteAccounts);
    const site = join(dir, 'site');
    expect((await runInProcess(['site', join(dir, 'scans'), '-o', site, '--quiet'])).code).toBe(0);
    const before = readdirSync(join(site, 'data/policy')).length;
    // Only the Office 365 account now: the AWS and Azure policies' pages must not stay behind.
    const only = join(dir, 'o365');
    mkdirSync(only);
    writeFileSync(join(only, 'a.json'), '');
    rmSync(join(only, 'a.json'));
    await writeSiteFleet(
      only,
      siteAccounts.filter((account) => account.id === 'o365-corp'),
    );
    expect((await runInProcess(['site', only, '-o', site, '--quiet'])).code).toBe(0);
    expect(readdirSync(join(site, 'data/policy'))).toHaveLength(73);
    expect(before).toBe(59 + 127 + 73);
    expect(readAccounts(site).map((row) => row.accountId)).toEqual(['o365-corp']);
    expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('refuses a folder holding anything but a site, and keeps the old site when the new one cannot be built', async () => {
    const dir = tempDir();
    await writeSiteFleet(join(dir, 'scans'), siteAccounts);
    // The scans' own folder: never removed to make room for a site.
    const refused = await runInProcess(['site', join(dir, 'scans'), '-o', join(dir, 'scans')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^cspm-report: invalid usage: --output: .*scans: holds 2024-03-04\/.*\.json, which this command did not write; write the site into a new or empty folder\n$/,
    );
    expect(readdirSync(join(dir, 'scans'))).toHaveLength(3);
    const site = join(dir, 'site');
    expect((await runInProcess(['site', join(dir, 'scans'), '-o', site, '--quiet'])).code).toBe(0);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"result": [');
    const failed = await runInProcess(['site', broken, '-o', site]);
    expect(failed.code).not.toBe(0);
    expect(readAccounts(site)).toHaveLength(4);
    expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
