import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { prowlerFinding } from '../support/prowler-finding.js';
import { useTempDir } from '../support/temp-dir.js';
import { lastWeek, thisWeek, weekScan, writeScan } from '../jobs/scanners/prowler-scans.js';

const tempDir = useTempDir();
const validateDiff = new Ajv2020({ allErrors: true, strict: false }).compile(
  JSON.parse(readFileSync('schema/diff.schema.json', 'utf8')) as object,
);

/**
 * Last week's scan and this week's: the root account's MFA check, failing both times,
 * now fails on a second resource too; a bucket's encryption passed and fails now.
 */
function twoWeeks(dir: string): { old: string; next: string } {
  const old = writeScan(dir, 'last-week.ocsf.json', weekScan(lastWeek));
  const next = writeScan(
    dir,
    'this-week.ocsf.json',
    weekScan(thisWeek, [
      { check: 'iam_root_mfa_enabled', severity: 'Critical', status: 'FAIL', resource: 'root-eu' },
    ]).map((finding) =>
      (finding['finding_info'] as { uid: string }).uid === 's3_bucket_default_encryption-bucket-b'
        ? prowlerFinding({
            time: thisWeek,
            check: 's3_bucket_default_encryption',
            severity: 'Medium',
            service: 's3',
            status: 'FAIL',
            resource: 'bucket-b',
          })
        : finding,
    ),
  );
  return { old, next };
}

interface JsonDiff {
  diff: {
    counts: Record<string, number>;
    newlyFailingResources?: number;
    reports: {
      changes: { kind: string; policyId: string }[];
      newlyFailingResources?: { policyId: string; kind?: string; resources: string[] }[];
    }[];
  };
}

describe('diff of two Prowler scans', () => {
  it('names the resources newly failing, by check, in JSON the diff schema takes', async () => {
    const { old, next } = twoWeeks(tempDir());
    const out = join(tempDir(), 'diff.json');
    const result = await runInProcess(['diff', old, next, '-o', out]);
    expect(result.code).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8')) as JsonDiff;
    expect(validateDiff(json.diff), JSON.stringify(validateDiff.errors)).toBe(true);
    const [report] = json.diff.reports;
    expect(report?.changes.map(({ kind, policyId }) => [kind, policyId])).toEqual([
      ['regression', 's3_bucket_default_encryption'],
    ]);
    expect(report?.newlyFailingResources).toEqual([
      expect.objectContaining({ policyId: 'iam_root_mfa_enabled', resources: ['root-eu'] }),
      expect.objectContaining({
        policyId: 's3_bucket_default_encryption',
        kind: 'regression',
        resources: ['bucket-b'],
      }),
    ]);
    expect(report?.newlyFailingResources?.[0]).not.toHaveProperty('kind');
    expect(json.diff.newlyFailingResources).toBe(2);
  });

  it('lists them in text and Markdown, and counts the one of a check failing both times against the limit', async () => {
    const { old, next } = twoWeeks(tempDir());
    const text = await runInProcess(['diff', old, next, '--fail-on-regression']);
    expect(text.code).toBe(3);
    expect(text.stdout).toContain(
      [
        '  Newly failing resources (failing now, not before)',
        '    Critical iam_root_mfa_enabled Title of iam_root_mfa_enabled (1 resource, failing both times)',
        '             root-eu',
        '    Moderate s3_bucket_default_encryption Title of s3_bucket_default_encryption (1 resource, regression)',
        '             bucket-b',
      ].join('\n'),
    );
    expect(text.stdout).toContain('✖ 1 regression and 1 newly failing resource');
    const markdown = await runInProcess(['diff', old, next, '-f', 'markdown']);
    expect(markdown.stdout).toContain('### Newly failing resources (failing now, not before)');
    expect(markdown.stdout).toContain(
      '| Critical | iam\\_root\\_mfa\\_enabled Title of iam\\_root\\_mfa\\_enabled (1 resource, failing both times) | root-eu | Prowler-AWS · prod |',
    );
  });

  it('fails the limit on a resource newly failing alone, and says no regression when none is', async () => {
    const dir = tempDir();
    const old = writeScan(dir, 'old.json', weekScan(lastWeek));
    const more = writeScan(
      dir,
      'more.json',
      weekScan(thisWeek, [
        { check: 'iam_root_mfa_enabled', severity: 'Critical', status: 'FAIL', resource: 'root-eu' },
      ]),
    );
    const same = writeScan(dir, 'same.json', weekScan(thisWeek));
    const worse = await runInProcess(['diff', old, more, '--fail-on-regression', 'High']);
    expect(worse.code).toBe(3);
    expect(worse.stdout).toContain('✖ 1 newly failing resource at or above High');
    const below = await runInProcess(['diff', old, more, '--fail-on-regression', 'Critical']);
    expect(below.code).toBe(3);
    const unchanged = await runInProcess(['diff', old, same, '--fail-on-regression']);
    expect(unchanged.code).toBe(0);
    expect(unchanged.stdout).not.toContain('Newly failing resources');
  });

  it("counts a newly failing resource in the gate metric regressions, in its policy's category only", async () => {
    const dir = tempDir();
    const old = writeScan(dir, 'old.json', weekScan(lastWeek));
    const more = writeScan(
      dir,
      'more.json',
      weekScan(thisWeek, [
        { check: 'iam_root_mfa_enabled', severity: 'Critical', status: 'FAIL', resource: 'root-eu' },
      ]),
    );
    const rules = join(dir, 'rules.json');
    writeFileSync(
      rules,
      JSON.stringify({
        assertions: [
          { name: 'iam', metric: 'regressions', category: 'iam', max: 0 },
          { name: 's3', metric: 'regressions', category: 's3', max: 0 },
        ],
      }),
    );
    const result = join(dir, 'gate.json');
    const run = await runInProcess(['gate', more, '--baseline', old, '--rules', rules, '--result', result]);
    expect(run.code, run.stdout).toBe(3);
    const assertions = (JSON.parse(readFileSync(result, 'utf8')) as { assertions: { name: string; actual: number }[] })
      .assertions;
    expect(assertions.map(({ name, actual }) => [name, actual])).toEqual([
      ['iam', 1],
      ['s3', 0],
    ]);
  });

  it('leaves the diff of the service reports without resources', async () => {
    const out = join(tempDir(), 'diff.json');
    await runInProcess([
      'diff',
      'samples/diff/azure-csbp-2024-03-11.json',
      'samples/diff/azure-csbp-2024-03-18.json',
      '-o',
      out,
    ]);
    const json = JSON.parse(readFileSync(out, 'utf8')) as JsonDiff;
    expect(json.diff).not.toHaveProperty('newlyFailingResources');
    expect(json.diff.reports[0]).not.toHaveProperty('newlyFailingResources');
  });
});
