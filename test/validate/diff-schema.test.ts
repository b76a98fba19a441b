import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * schema/diff.schema.json documents the `diff` member of `diff -f json`: the real output
 * of the sample pair must validate against it, strictly (no field it does not name).
 */
const tempDir = useTempDir();
const schema = JSON.parse(readFileSync('schema/diff.schema.json', 'utf8')) as { $id: string };
const validate = new Ajv2020({ allErrors: true, strict: true, strictRequired: false }).compile(schema);

function errorsOf(value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

async function sampleDiff(extra: string[] = []): Promise<Record<string, unknown>> {
  const file = join(tempDir(), 'diff.json');
  expect(
    (
      await runInProcess([
        'diff',
        'samples/diff/azure-csbp-2024-03-11.json',
        'samples/diff/azure-csbp-2024-03-18.json',
        '-o',
        file,
        ...extra,
      ])
    ).code,
  ).toBe(0);
  return (JSON.parse(readFileSync(file, 'utf8')) as { diff: Record<string, unknown> }).diff;
}

describe('schema/diff.schema.json', () => {
  it('validates the diff of the sample pair, with every kind of change, under each percent formula', async () => {
    for (const formula of ['green-of-assessed', 'green-of-total', 'passed-resources']) {
      // The samples state green-of-assessed percents: other formulas find them wrong, which is no reason not to
      // compare.
      const diff = await sampleDiff(['--percent-formula', formula, '--fail-on', 'never']);
      expect(errorsOf(diff)).toEqual([]);
      expect(diff.counts).toEqual({
        regression: 3,
        'new-failure': 2,
        fix: 2,
        coverage: 1,
        added: 0,
        removed: 1,
        unchanged: 119,
      });
    }
  });

  type Reports = { changes: Record<string, unknown>[]; overall: Record<string, unknown> }[];

  it('refuses what the structure does not allow: an unknown kind, a field it does not name, a missing count', async () => {
    const diff = await sampleDiff();
    const cases: [string, (copy: typeof diff) => void][] = [
      ['kind', (copy) => ((copy.reports as Reports)[0]!.changes[0]!.kind = 'worse')],
      ['extra field', (copy) => ((copy.reports as Reports)[0]!.overall.extra = 1)],
      ['counts', (copy) => delete (copy.counts as Record<string, unknown>).unchanged],
      [
        'removed with a new side',
        (copy) => {
          const removed = (copy.reports as Reports)[0]!.changes.find((change) => change.kind === 'removed')!;
          removed.new = { compliance: 'Red', passedResources: 0, totalResources: 1 };
        },
      ],
    ];
    for (const [name, mutate] of cases) {
      const copy = structuredClone(diff);
      mutate(copy);
      expect(errorsOf(copy), name).not.toEqual([]);
    }
  });

  it('validates a diff given exceptions: changes accepted and no longer accepted, and their marks exclusive', async () => {
    const dir = tempDir();
    const exceptions = join(dir, 'exceptions.yaml');
    const entry = (id: string, policy: string, approved: string, expires: string): string =>
      `  - {id: ${id}, policy: ${policy}, accounts: ["*"], reason: Accepted for the migration window., owner: a@example.com, approvedBy: b@example.com, approved: "${approved}", expires: "${expires}"}\n`;
    const today = new Date().toISOString().slice(0, 10);
    writeFileSync(
      exceptions,
      `exceptions:\n${entry('EXC-1', 'RecoveryVaultSoftDelete', today, today)}${entry('EXC-2', 'SubscriptionOwnerCount', '2024-01-01', '2024-03-14')}`,
    );
    const diff = await sampleDiff(['--exceptions', exceptions]);
    expect(errorsOf(diff)).toEqual([]);
    const changes = (diff.reports as Reports)[0]!.changes;
    const accepted = changes.find((change) => change.accepted !== undefined)!;
    const lapsed = changes.find((change) => change.noLongerAccepted !== undefined)!;
    expect([accepted.policyId, lapsed.policyId, lapsed.kind]).toEqual([
      'RecoveryVaultSoftDelete',
      'SubscriptionOwnerCount',
      'regression',
    ]);
    const both = structuredClone(diff);
    const marked = (both.reports as Reports)[0]!.changes.find((change) => change.accepted !== undefined)!;
    marked.noLongerAccepted = lapsed.noLongerAccepted;
    expect(errorsOf(both)).not.toEqual([]);
    const fix = structuredClone(diff);
    (fix.reports as Reports)[0]!.changes.find((change) => change.kind === 'fix')!.noLongerAccepted =
      lapsed.noLongerAccepted;
    expect(errorsOf(fix)).not.toEqual([]);
  });

  it('is printed by cspm-report schema diff and exported by the package', async () => {
    const printed = await runInProcess(['schema', 'diff']);
    expect(printed.code).toBe(0);
    expect(JSON.parse(printed.stdout)).toEqual(schema);
    expect(schema.$id).toBe('https://cspm-report.dev/schema/diff.schema.json');
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, string> };
    expect(manifest.exports['./schema/diff.schema.json']).toBe('./schema/diff.schema.json');
  });
});
