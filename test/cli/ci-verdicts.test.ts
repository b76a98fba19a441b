import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { hasXmllint, junitSchemaErrors } from '../support/junit-schema.js';
import { everyFormat, everyOutputArgs, statedVerdicts } from '../support/stated-verdicts.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * One run, every output: each findings format, the step summary and a gate's --result
 * state the verdict its exit code is, for the cases where they once disagreed.
 */
const tempDir = useTempDir();
const old = 'samples/diff/azure-csbp-2024-03-11.json';
const next = 'samples/diff/azure-csbp-2024-03-18.json';
const samples = ['samples/aws-cis.json', 'samples/azure-csbp.json', 'samples/office365.json'];

interface Case {
  name: string;
  args: (dir: string) => string[];
  exitCode: number;
}

function warnOnlyRules(dir: string): string {
  const path = join(dir, 'warn-rules.json');
  writeFileSync(
    path,
    JSON.stringify({ assertions: [{ name: 'posture', level: 'warn', metric: 'compliancePercent', min: 99 }] }),
  );
  return path;
}

const cases: Case[] = [
  {
    name: 'check --fail-on warning with warnings only',
    args: () => ['check', 'samples/broken/compliance-percent.json', '--fail-on', 'warning'],
    exitCode: 1,
  },
  {
    name: 'check --fail-on never with errors',
    args: () => ['check', 'samples/broken/category-total.json', '--fail-on', 'never'],
    exitCode: 0,
  },
  {
    name: 'check --fail-on never with an input that could not be read',
    args: () => ['check', 'samples/broken/envelope-failure.json', 'samples/aws-cis.json', '--fail-on', 'never'],
    exitCode: 1,
  },
  {
    name: 'check --fail-on never with a report that did not validate',
    args: () => ['check', 'samples/broken/schema.json', 'samples/aws-cis.json', '--fail-on', 'never'],
    exitCode: 1,
  },
  { name: 'diff with regressions and no --fail-on-regression', args: () => ['diff', old, next], exitCode: 0 },
  {
    name: 'diff with regressions below --fail-on-regression',
    args: () => ['diff', old, next, '--fail-on-regression', 'Critical', '--allow-new-failures'],
    exitCode: 0,
  },
  {
    name: 'diff failing on its regressions',
    args: () => ['diff', old, next, '--fail-on-regression', 'High'],
    exitCode: 3,
  },
  {
    name: 'gate failing a warn assertion only',
    args: (dir) => [
      'gate',
      'samples/azure-csbp.json',
      '--rules',
      warnOnlyRules(dir),
      '--result',
      join(dir, 'result.json'),
    ],
    exitCode: 0,
  },
  {
    name: 'gate failing',
    args: (dir) => [
      'gate',
      ...samples,
      '--rules',
      'samples/gate/gate-rules.json',
      '--result',
      join(dir, 'result.json'),
    ],
    exitCode: 3,
  },
  {
    name: 'gate on an input that does not check',
    args: (dir) => [
      'gate',
      'samples/azure-csbp.json',
      'samples/broken/category-total.json',
      '--rules',
      warnOnlyRules(dir),
      '--result',
      join(dir, 'result.json'),
    ],
    exitCode: 1,
  },
];

describe('every output of a run states the verdict of its exit code', () => {
  it.each(cases)('$name', async ({ args, exitCode }) => {
    const dir = tempDir();
    const summaryFile = join(dir, 'summary.md');
    const run = await runInProcess([...args(dir), ...everyOutputArgs(dir)], {
      env: { GITHUB_STEP_SUMMARY: summaryFile },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(exitCode);
    const failed = exitCode !== 0;
    const stated = statedVerdicts(dir);
    for (const format of everyFormat) {
      // GitLab Code Quality states a failure when there is one; that it never reads as one on a pass is its format's to
      // say.
      if (format === 'gitlab' && !failed) continue;
      expect({ format, ...stated[format] }).toEqual({
        format,
        failed,
        ...(stated[format].exitCode === undefined ? {} : { exitCode }),
      });
    }
    const summary = readFileSync(summaryFile, 'utf8');
    expect(
      summary.startsWith(
        failed
          ? `## ❌ cspm-report ${args(dir)[0]}: failed (exit code ${exitCode})\n`
          : `## ✅ cspm-report ${args(dir)[0]}: passed\n`,
      ),
    ).toBe(true);
    if (!failed) expect(readFileSync(join(dir, 'out.github'), 'utf8')).not.toMatch(/^::error/m);
    if (hasXmllint) expect(junitSchemaErrors(readFileSync(join(dir, 'out.junit'), 'utf8'), dir)).toEqual([]);
    if (args(dir)[0] === 'gate') {
      const result = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')) as { status: string; exitCode: number };
      expect(result.exitCode).toBe(exitCode);
      expect(result.status === 'fail').toBe(failed);
    }
  });
});
