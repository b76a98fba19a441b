import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { diffScans, type DiffResult } from '../../src/index.js';
import { writeFleet, type FleetAccount } from '../analyse/trend/fleet-scans.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const validate = new Ajv2020({ allErrors: true, strict: true, strictRequired: false }).compile(
  JSON.parse(readFileSync('schema/diff.schema.json', 'utf8')) as object,
);

/** What schema/diff.schema.json finds wrong with `value`, as `pointer message` lines. */
function schemaErrors(value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

/** Old folder, then new: b falls most, a less, c rises, d is lost, e is added. */
const accounts: FleetAccount[] = [
  { id: 'acct-a', reds: [0, 2] },
  { id: 'acct-b', reds: [0, 8] },
  { id: 'acct-c', reds: [3, 0] },
  { id: 'acct-d', reds: [0, null] },
  { id: 'acct-e', reds: [null, 1] },
];

async function fleetFolders(list = accounts): Promise<[string, string]> {
  const [old, next] = await writeFleet(tempDir(), list);
  return [old as string, next as string];
}

describe('diff of two fleet folders', () => {
  it('pairs the reports by account and ranks the accounts worst first: lost, biggest fall, then added', async () => {
    const [old, next] = await fleetFolders();
    const result = await diffScans(old, next);
    const diff = result.diff as DiffResult;
    expect(diff.reports.map((report) => report.accountId).sort()).toEqual(['acct-a', 'acct-b', 'acct-c']);
    expect(diff.accounts?.map((account) => [account.accountId, account.status])).toEqual([
      ['acct-d', 'lost'],
      ['acct-b', 'compared'],
      ['acct-a', 'compared'],
      ['acct-c', 'compared'],
      ['acct-e', 'added'],
    ]);
    const [, b, a, c] = diff.accounts ?? [];
    expect(b?.regressions).toBe(8);
    expect(a?.regressions).toBe(2);
    expect(b?.percentDelta).toBeLessThan(a?.percentDelta as number);
    expect(c?.percentDelta).toBeGreaterThan(0);
    expect(diff.accounts?.[0]).toMatchObject({ lostReports: 1, compared: 0, percentDelta: null });
    // An added account's failing policies are all new failures: the sample's, and the one turned Red.
    const added = diff.unpaired.find((report) => report.side === 'new');
    expect(diff.accounts?.[4]).toMatchObject({
      addedReports: 1,
      regressions: added?.failing.reduce((sum, { count }) => sum + count, 0),
    });
  });

  it('fails closed on a lost account: with nothing else worse, --fail-on-regression still fails', async () => {
    const [old, next] = await fleetFolders([
      { id: 'acct-c', reds: [3, 0] },
      { id: 'acct-d', reds: [0, null] },
    ]);
    const result = await diffScans(old, next, { failOnRegression: true });
    expect(result.diff?.accounts?.[0]).toMatchObject({ accountId: 'acct-d', status: 'lost' });
    expect(result.verdict.exitCode).toBe(3);
    expect(result.verdict.reasons[0]).toContain('1 lost benchmark report');
  });

  it('states the ranking in text, Markdown and JSON (which the diff schema takes)', async () => {
    const [old, next] = await fleetFolders();
    const text = await runInProcess(['diff', old, next]);
    expect(text.code).toBe(0);
    const ranking = text.stdout.slice(text.stdout.indexOf('Accounts, worst first'));
    expect(ranking).toMatch(
      /^Accounts, worst first\n {2}1\. Account acct-d \(acct-d\): lost: only in the old input \(1 report\)\n {2}2\. Account acct-b \(acct-b\): compliance −\d+\.\d points, 8 regressions or new failures\n/,
    );
    expect(ranking).toMatch(
      /\n {2}5\. Account acct-e \(acct-e\): added: only in the new input \(1 report, \d+ failing policies\)\n/,
    );
    const markdown = await runInProcess(['diff', old, next, '-f', 'markdown']);
    const section = markdown.stdout.slice(markdown.stdout.indexOf('### Accounts, worst first'));
    expect(section).toContain('| 1 | Account acct-d (acct-d) | ⚠️ lost: only in the old input (1 report) |');
    expect(section.indexOf('acct-b')).toBeLessThan(section.indexOf('acct-a'));
    const json = await runInProcess(['diff', old, next, '-f', 'json']);
    const diff = (JSON.parse(json.stdout) as { diff: DiffResult }).diff;
    expect(diff.accounts?.map((account) => account.accountId)).toEqual([
      'acct-d',
      'acct-b',
      'acct-a',
      'acct-c',
      'acct-e',
    ]);
    expect(schemaErrors(diff)).toEqual([]);
  });

  it('leaves the regressions the later scan accepts out of the ranking, as the verdict does, and counts them', async () => {
    // a and b fall alike (2 Red each): a would rank first by its id; its regressions are accepted, so b does.
    const [old, next] = await fleetFolders([
      { id: 'acct-a', reds: [0, 2] },
      { id: 'acct-b', reds: [0, 2] },
    ]);
    const plain = (await diffScans(old, next)).diff as DiffResult;
    const a = plain.reports.find((report) => report.accountId === 'acct-a');
    const worse = (a?.changes ?? []).filter((change) => change.kind === 'regression');
    expect(worse).toHaveLength(2);
    const day = new Date().toISOString().slice(0, 10);
    const exceptions = join(tempDir(), 'risks.yaml');
    writeFileSync(
      exceptions,
      `exceptions:\n  - {id: EXC-A, policies: [${worse.map((change) => change.policyId).join(', ')}], accounts: [acct-a], reason: Accepted until the migration ends., owner: o@example.com, approvedBy: a@example.com, approved: "${day}", expires: "${day}"}\n`,
    );
    const text = await runInProcess(['diff', old, next, '--exceptions', exceptions, '--no-config']);
    const ranking = text.stdout.slice(text.stdout.indexOf('Accounts, worst first'));
    expect(ranking).toMatch(
      /^Accounts, worst first\n {2}1\. Account acct-b \(acct-b\): compliance −\d+\.\d points, 2 regressions or new failures\n {2}2\. Account acct-a \(acct-a\): compliance −\d+\.\d points, 0 regressions or new failures, 2 accepted \(not counted\)\n/,
    );
    const json = await runInProcess(['diff', old, next, '--exceptions', exceptions, '--no-config', '-f', 'json']);
    const diff = (JSON.parse(json.stdout) as { diff: DiffResult }).diff;
    expect(diff.accounts?.map(({ accountId, regressions, accepted }) => [accountId, regressions, accepted])).toEqual([
      ['acct-b', 2, 0],
      ['acct-a', 0, 2],
    ]);
    expect(schemaErrors(diff)).toEqual([]);
  });

  it('leaves a comparison of one account as it was: no ranking', async () => {
    const old = 'samples/diff/azure-csbp-2024-03-11.json';
    const next = 'samples/diff/azure-csbp-2024-03-18.json';
    const result = await diffScans(old, next);
    expect(result.diff && 'accounts' in result.diff).toBe(false);
    expect((await runInProcess(['diff', old, next])).stdout).not.toContain('Accounts, worst first');
  });
});
