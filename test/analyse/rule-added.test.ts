import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { minimalReport, policy } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

// The one line a new rule adds to the registry, here in a mock of it: the rule is the
// fixture's one file.
vi.mock('../../src/analyse/rule-registry.js', async (importOriginal) => {
  const { policyIdSpace } = await import('../fixtures/rules/policy-id-space.js');
  const { rules } = await importOriginal<typeof import('../../src/analyse/rule-registry.js')>();
  return { rules: { ...rules, 'policy-id-space': policyIdSpace } };
});

const tempDir = useTempDir();

/** The minimal report with one PolicyId that holds a space. */
function reportWithSpace(): string {
  const report = minimalReport();
  const [storage] = report.ResourceCategories;
  if (storage) storage.Policies[0] = policy('Storage Https', '1000.1', 4, 4);
  const path = join(tempDir(), 'report.json');
  writeFileSync(path, JSON.stringify(report));
  return path;
}

describe('a rule added to the registry', () => {
  it('runs on every policy and reports with its pointer and default severity', async () => {
    const result = await runInProcess(['check', reportWithSpace(), '-f', 'json', '--no-config']);
    const findings = (
      JSON.parse(result.stdout) as {
        files: { findings: { rule: string; severity: string; pointer: string; message: string }[] }[];
      }
    ).files[0]?.findings;
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'policy-id-space',
        severity: 'warning',
        pointer: '/ResourceCategories/0/Policies/0/PolicyId',
        message: 'PolicyId "Storage Https" holds a space',
      }),
    ]);
    expect(result.code).toBe(0);
  });

  it('fails a run under --fail-on warning, and is silenced or raised by --rule like any other', async () => {
    const file = reportWithSpace();
    expect((await runInProcess(['check', file, '--fail-on', 'warning', '--no-config'])).code).toBe(1);
    expect(
      (await runInProcess(['check', file, '--fail-on', 'warning', '--rule', 'policy-id-space=off', '--no-config']))
        .code,
    ).toBe(0);
    expect((await runInProcess(['check', file, '--rule', 'policy-id-space=error', '--no-config'])).code).toBe(1);
  });

  it('is listed by the rules command, with its description', async () => {
    const result = await runInProcess(['rules']);
    expect(result.stdout).toMatch(/policy-id-space\s+warning\s+.*A PolicyId holds a space\./);
  });
});
