import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { dayFromToday } from '../support/sample-exceptions.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const old = 'samples/diff/azure-csbp-2024-03-11.json';
const next = 'samples/diff/azure-csbp-2024-03-18.json';

/** The regressions and new failures of the bundled pair of scans. */
const worse = [
  'RecoveryVaultSoftDelete',
  'AppServiceMinimumTls',
  'StorageSecureTransfer',
  'StorageDefenderForStorage',
  'CosmosDBMultiRegion',
];

/** An exceptions file of one entry per policy, each approved and expiring on the days given. */
function exceptionsOf(dir: string, entries: { id: string; policy: string; approved: string; expires: string }[]) {
  const path = join(dir, 'exceptions.yaml');
  const text = entries
    .map((entry) =>
      [
        `  - id: ${entry.id}`,
        `    policy: ${entry.policy}`,
        '    accounts: ["Contoso Production"]',
        '    reason: Accepted until the platform migration ends.',
        '    owner: platform@example.com',
        '    approvedBy: ciso@example.com',
        `    approved: "${entry.approved}"`,
        `    expires: "${entry.expires}"`,
      ].join('\n'),
    )
    .join('\n');
  writeFileSync(path, `exceptions:\n${text}\n`);
  return path;
}

describe('diff --exceptions', () => {
  it('lists a regression or new failure the later scan accepts, and does not count it', async () => {
    const dir = tempDir();
    const exceptions = exceptionsOf(
      dir,
      worse.map((policy, at) => ({
        id: `EXC-${at + 1}`,
        policy,
        approved: dayFromToday(-30),
        expires: dayFromToday(90),
      })),
    );
    const args = ['diff', old, next, '--fail-on-regression', '--allow-removed', '--no-config'];
    expect((await runInProcess(args)).code).toBe(3);
    const json = join(dir, 'diff.json');
    const run = await runInProcess([
      ...args,
      '--exceptions',
      exceptions,
      '-f',
      'text',
      '-o',
      '-',
      '-f',
      'json',
      '-o',
      json,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `             accepted: EXC-4 (platform@example.com, expires ${dayFromToday(90)}, in 90 days): Accepted until the platform migration ends.; not counted as a regression\n`,
    );
    expect(run.stdout).toContain('accepted risks: 5 failing policies accepted (listed, not counted as regressions)\n');
    expect(run.stdout).toContain('✔ no regression — 1 compared report');
    const written = JSON.parse(readFileSync(json, 'utf8'));
    // The later scan's accepted risks, recorded as a gate's are.
    expect(written.exceptions.applied).toEqual(['EXC-1', 'EXC-2', 'EXC-3', 'EXC-4', 'EXC-5']);
    const diff = written.diff;
    const changes = diff.reports[0].changes as { kind: string; policyId: string; accepted?: { id: string } }[];
    expect(changes.filter((change) => change.accepted).map((change) => [change.policyId, change.accepted?.id])).toEqual(
      [
        ['RecoveryVaultSoftDelete', 'EXC-1'],
        ['AppServiceMinimumTls', 'EXC-2'],
        ['StorageSecureTransfer', 'EXC-3'],
        ['StorageDefenderForStorage', 'EXC-4'],
        ['CosmosDBMultiRegion', 'EXC-5'],
      ],
    );
  });

  it('makes a regression of a policy whose exception expired between the scans, its colour unchanged', async () => {
    const dir = tempDir();
    // In force on the old scan's day (2024-03-11), expired by the new one's and by today.
    const exceptions = exceptionsOf(dir, [
      { id: 'EXC-OLD', policy: 'SubscriptionOwnerCount', approved: '2024-01-01', expires: '2024-03-14' },
    ]);
    const base = ['diff', old, next, '--fail-on-regression', 'High', '--allow-removed', '--no-config'];
    const without = await runInProcess(base);
    expect(without.stdout).not.toContain('SubscriptionOwnerCount');
    const run = await runInProcess([...base, '--exceptions', exceptions]);
    expect(run.code).toBe(3);
    expect(run.stdout).toContain(
      '    High     Red → Red      1600.6 Ensure that there are no more than three owners on a subscription\n',
    );
    expect(run.stdout).toContain(
      '             no longer accepted: EXC-OLD expired 2024-03-14 (owner platform@example.com) since the old scan: it fails again\n',
    );
    expect(run.stdout).toContain('✖ 4 regressions and 1 new failure at or above High');
  });
});
