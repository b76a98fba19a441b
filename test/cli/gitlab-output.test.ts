import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';
import { codeQualityErrors } from '../render/findings/gitlab-schema.js';

const tempDir = useTempDir();

interface Issue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number } };
}

/**
 * Runs the command with `-f gitlab -o <temp>/x.json` and returns its exit code and the report, valid against the
 * documented format.
 */
async function runGitlab(args: string[]): Promise<{ code: number; issues: Issue[] }> {
  const out = join(tempDir(), 'x.json');
  const result = await runInProcess([...args, '-f', 'gitlab', '-o', out]);
  expect(result.stderr).toBe('');
  const issues = JSON.parse(readFileSync(out, 'utf8')) as Issue[];
  expect(codeQualityErrors(issues)).toEqual([]);
  return { code: result.code, issues };
}

function countBy(issues: readonly Issue[], key: (issue: Issue) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const issue of issues) counts[key(issue)] = (counts[key(issue)] ?? 0) + 1;
  return counts;
}

const samples = [
  'samples/aws-cis.json',
  'samples/azure-csbp.json',
  'samples/azure-multi-benchmark.json',
  'samples/office365.json',
];
const scans = ['samples/diff/azure-csbp-2024-03-11.json', 'samples/diff/azure-csbp-2024-03-18.json'];

describe('cspm-report check -f gitlab', () => {
  it('writes every finding of samples/broken as an issue and exits 1, as the text format counts them', async () => {
    const { code, issues } = await runGitlab(['check', 'samples/broken']);
    expect(code).toBe(1);
    expect(issues).toHaveLength(30);
    expect(countBy(issues, (issue) => issue.severity)).toEqual({ major: 21, minor: 9 });
    expect(
      issues.every((issue) => issue.location.path.startsWith('samples/broken/') && issue.location.lines.begin >= 1),
    ).toBe(true);
    // The line the value is on, found here by searching the file's text.
    const kindLine =
      readFileSync('samples/broken/account-kind.json', 'utf8')
        .split('\n')
        .findIndex((line) => line.includes('"AWSAccountId":  null')) + 1;
    expect(kindLine).toBeGreaterThan(1);
    expect(issues.find((issue) => issue.check_name === 'account-kind')).toMatchObject({
      description:
        'benchmark CISAWS140 of account "Northwind Traders - prod" is an AWS account but its AWSAccountId is null (/result/0/AWSAccountId)',
      severity: 'major',
      location: { path: 'samples/broken/account-kind.json', lines: { begin: kindLine } },
    });
  });

  it('gives the same fingerprints in two runs, a different one to each issue', async () => {
    const first = (await runGitlab(['check', 'samples/broken'])).issues.map((issue) => issue.fingerprint);
    const second = (await runGitlab(['check', 'samples/broken'])).issues.map((issue) => issue.fingerprint);
    expect(second).toEqual(first);
    expect(new Set(first).size).toBe(30);
  });

  it('writes an input given by its absolute path relative to the working directory', async () => {
    const { issues } = await runGitlab(['check', resolve('samples/broken/account-kind.json')]);
    expect(issues.map((issue) => issue.location.path)).toEqual(['samples/broken/account-kind.json']);
  });

  it('writes an empty array for a clean report, and exits 0', async () => {
    expect(await runGitlab(['check', 'samples/aws-cis.json'])).toEqual({ code: 0, issues: [] });
  });

  it('names its files .codequality.json and writes JSON into a .json only when asked', async () => {
    const dir = tempDir();
    const result = await runInProcess([
      'check',
      'samples/broken/account-kind.json',
      '-o',
      join(dir, 'gl-code-quality-report.codequality.json'),
    ]);
    expect(result.code).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'gl-code-quality-report.codequality.json'), 'utf8'))).toHaveLength(1);
  });
});

describe('cspm-report gate -f gitlab', () => {
  it('writes failed warn assertions as minor issues when the gate passes', async () => {
    const { code, issues } = await runGitlab(['gate', ...samples, '--rules', 'samples/gate/gate-rules.yaml']);
    expect(code).toBe(0);
    expect(issues.map((issue) => [issue.check_name, issue.severity, issue.location.path])).toEqual([
      ['gate: storage accounts', 'minor', 'samples/azure-multi-benchmark.json'],
      ['gate: most policies assessed', 'minor', 'samples/azure-csbp.json'],
    ]);
    expect(issues[1]!.description).toBe(
      'assessedPercent is 78.7%, expected >= 80 (gate assertion "most policies assessed" on samples/azure-csbp.json › CSBP › account Contoso Production: actual 78.7%, expected >= 80; samples/gate/gate-rules.yaml /assertions/3)',
    );
  });

  it('writes failed error assertions as blockers when the gate fails (exit 3), with stable, distinct fingerprints', async () => {
    const first = await runGitlab(['gate', ...samples, '--rules', 'cspm:recommended']);
    expect(first.code).toBe(3);
    const severities = countBy(first.issues, (issue) => issue.severity);
    expect(severities.blocker).toBeGreaterThan(0);
    expect(first.issues.find((issue) => issue.check_name === 'gate: no critical red')).toMatchObject({
      severity: 'blocker',
      location: { path: 'samples/azure-csbp.json', lines: { begin: 1 } },
    });
    const second = await runGitlab(['gate', ...samples, '--rules', 'cspm:recommended']);
    expect(second.issues.map((issue) => issue.fingerprint)).toEqual(first.issues.map((issue) => issue.fingerprint));
    expect(new Set(first.issues.map((issue) => issue.fingerprint)).size).toBe(first.issues.length);
  });
});

describe('cspm-report diff -f gitlab', () => {
  it("writes each regression and new failure of samples/diff in the new scan, by the policy's Severity", async () => {
    const { code, issues } = await runGitlab(['diff', ...scans, '--fail-on-regression']);
    expect(code).toBe(3);
    expect(issues.length).toBeGreaterThan(0);
    expect(
      issues.every(
        (issue) =>
          issue.check_name === 'cspm-report/regression' &&
          issue.location.path === 'samples/diff/azure-csbp-2024-03-18.json',
      ),
    ).toBe(true);
    expect(issues[0]).toMatchObject({
      description:
        'High policy 1000.3 "Ensure that soft delete is enabled for Recovery Services vaults" (RecoveryVaultSoftDelete) regressed (Green → Red) (CSBP, account Contoso Production (e17a4d2c-58b3-4c9e-a6f1-0b92d7e3c845); category Azure - Business continuity and DR)',
      severity: 'major',
    });
    expect(issues.find((issue) => issue.description.startsWith('Critical policy 1300.99 '))?.severity).toBe('critical');
    const again = await runGitlab(['diff', ...scans, '--fail-on-regression']);
    expect(again.issues.map((issue) => issue.fingerprint)).toEqual(issues.map((issue) => issue.fingerprint));
    expect(new Set(issues.map((issue) => issue.fingerprint)).size).toBe(issues.length);
  });

  it('writes regressions that fail nothing (exit 0) as minor or info issues: no failing severity on a passing run', async () => {
    // Before, a Critical regression was a critical issue while the run passed.
    const { code, issues } = await runGitlab(['diff', ...scans]);
    expect(code).toBe(0);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.filter((issue) => !['minor', 'info'].includes(issue.severity))).toEqual([]);
    const below = await runGitlab(['diff', ...scans, '--fail-on-regression', 'Critical']);
    expect(below.issues.find((issue) => issue.description.startsWith('High policy 1000.3 '))?.severity).toBe('minor');
  });
});
