import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const old = 'samples/diff/azure-csbp-2024-03-11.json';
const next = 'samples/diff/azure-csbp-2024-03-18.json';

describe('cspm-report diff', () => {
  it('shows the regressions first and exits 0 without --fail-on-regression', async () => {
    const result = await runInProcess(['diff', old, next]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const regressions = result.stdout.indexOf('  Regressions');
    expect(regressions).toBeGreaterThan(0);
    expect(regressions).toBeLessThan(result.stdout.indexOf('  Fixes'));
    expect(result.stdout).toContain('compliance 33.7% → 31.7% (−2.0 points)');
    expect(result.stdout).toContain('3 regressions, 2 fixes, 2 coverage changes, 1 new policy, 1 removed policy, 119 unchanged');
    expect(result.stdout).toContain('(matched by number and title: its PolicyId changed)');
  });

  it.each([
    [[], 3],
    [['High'], 3],
    [['critical'], 0],
  ])('--fail-on-regression %j exits %i', async (severity, code) => {
    expect((await runInProcess(['diff', old, next, '--fail-on-regression', ...severity])).code).toBe(code);
  });

  it('refuses an unknown severity for --fail-on-regression', async () => {
    const result = await runInProcess(['diff', old, next, '--fail-on-regression', 'Severe']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--fail-on-regression takes a severity (Critical, High, Moderate, Low, VeryLow) or nothing, not "Severe"');
  });

  it('writes a JSON document with the diff beside the check of both inputs', async () => {
    const file = join(tempDir(), 'diff.json');
    const result = await runInProcess(['diff', old, next, '-o', file]);
    expect(result.code).toBe(0);
    const json = JSON.parse(readFileSync(file, 'utf8')) as { files: unknown[]; diff: { counts: Record<string, number>; reports: { changes: { kind: string; policyId: string }[] }[] } };
    expect(json.files).toHaveLength(2);
    expect(json.diff.counts).toEqual({ regression: 3, fix: 2, coverage: 2, added: 1, removed: 1, unchanged: 119 });
    expect(json.diff.reports[0]!.changes[0]).toMatchObject({ kind: 'regression', policyId: 'RecoveryVaultSoftDelete', old: { compliance: 'Green' }, new: { compliance: 'Red' } });
  });

  it('writes a Markdown summary for a pull request', async () => {
    const file = join(tempDir(), 'changes.md');
    expect((await runInProcess(['diff', old, next, '-f', 'markdown', '-o', file])).code).toBe(0);
    const markdown = readFileSync(file, 'utf8');
    expect(markdown).toMatch(/^## ❌ cspm-report diff$/m);
    expect(markdown).toContain('### ❌ 3 regressions since the old scan');
    expect(markdown).toContain('| 🔴 regression | High | 1000.3 Ensure that soft delete is enabled for Recovery Services vaults | Green → Red |');
  });

  it('never compares an input that does not check: exit 1, nothing compared', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'broken.json'), '{"result": [');
    const result = await runInProcess(['diff', old, join(dir, 'broken.json')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('json-syntax');
    expect(result.stdout).not.toContain('Regressions');
    expect(result.stderr).toBe('cspm-report: not compared: an input has findings at or above --fail-on, or no valid report (see above)\n');
  });

  it('refuses scans of another account with both named (exit 2), and compares them with --allow-mismatch', async () => {
    const dir = tempDir();
    const other = JSON.parse(readFileSync(next, 'utf8')) as { AccountId: string }[];
    other[0]!.AccountId = 'another-account';
    writeFileSync(join(dir, 'other.json'), JSON.stringify(other));
    const refused = await runInProcess(['diff', old, join(dir, 'other.json')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^cspm-report: the reports are of another account or benchmark: old: CSBP of account e17a4d2c-\S+ \(samples\/diff\/azure-csbp-2024-03-11\.json\); new: CSBP of account another-account \(\S+other\.json\); compare scans of one account and benchmark, or give --allow-mismatch\n$/);
    const allowed = await runInProcess(['diff', old, join(dir, 'other.json'), '--allow-mismatch']);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('paired by --allow-mismatch');
  });
});
