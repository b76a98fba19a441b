import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const old = 'samples/diff/azure-csbp-2024-03-11.json';
const next = 'samples/diff/azure-csbp-2024-03-18.json';

interface ResultFile {
  status: string;
  exitCode: number;
  assertions: {
    name: string;
    metric: string;
    passed: boolean;
    actual: number | null;
    scope: string;
    message: string;
  }[];
  error?: { code: string; message: string };
}

/** Writes a rules file of `assertions` and returns its path and the --result file's. */
function setUp(assertions: object[]): { rules: string; result: string; dir: string } {
  const dir = tempDir();
  const rules = join(dir, 'rules.json');
  writeFileSync(rules, JSON.stringify({ assertions }));
  return { rules, result: join(dir, 'result.json'), dir };
}

function readResult(path: string): ResultFile {
  return JSON.parse(readFileSync(path, 'utf8')) as ResultFile;
}

describe('gate --baseline', () => {
  it('counts regressions at or above a severity and the compliance drop, per report and for all', async () => {
    const { rules, result } = setUp([
      { name: 'no high regression', metric: 'regressions', max: 0, severity: 'High' },
      { name: 'no critical regression', metric: 'regressions', max: 0, severity: 'Critical' },
      { name: 'drop each', metric: 'compliancePercentDrop', max: 2 },
      { name: 'drop all', metric: 'compliancePercentDrop', max: 1.9, aggregate: 'all' },
    ]);
    const run = await runInProcess([
      'gate',
      next,
      '--rules',
      rules,
      '--baseline',
      old,
      '--result',
      result,
      '-f',
      'json',
      '-o',
      '-',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(3);
    const verdict = readResult(result);
    const byName = Object.fromEntries(verdict.assertions.map((assertion) => [assertion.name, assertion]));
    // Three High regressions, and a Critical policy new in the later scan and Red: a new failure.
    expect(byName['no high regression']).toMatchObject({ passed: false, actual: 4 });
    expect(byName['no critical regression']).toMatchObject({ passed: false, actual: 1 });
    // 33.70 % → 31.72 % in the sample pair.
    expect(byName['drop each']!.passed).toBe(true);
    expect(byName['drop each']!.actual).toBeCloseTo(1.98, 2);
    expect(byName['drop all']).toMatchObject({ passed: false, scope: 'all inputs' });
  });

  it('refuses those metrics without --baseline, naming them (exit 2), before reading any input', async () => {
    const { rules, result } = setUp([
      { metric: 'regressions', max: 0 },
      { metric: 'compliancePercentDrop', max: 2 },
      { metric: 'redPolicies', max: 99 },
    ]);
    const run = await runInProcess(['gate', 'no-such-input.json', '--rules', rules, '--result', result]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'metrics regressions, compliancePercentDrop compare with an older scan, and none was given; give it with --baseline',
    );
    expect(readResult(result)).toMatchObject({ status: 'fail', exitCode: 2, error: { code: 'usage' } });
  });

  it('checks the baseline first and fails closed on one that does not check (exit 1)', async () => {
    const { rules, result, dir } = setUp([{ metric: 'regressions', max: 0 }]);
    writeFileSync(join(dir, 'broken.json'), '{"result": [');
    // The input does not exist: the baseline, read first, is what stops the run.
    const run = await runInProcess([
      'gate',
      join(dir, 'no-such-input.json'),
      '--rules',
      rules,
      '--baseline',
      join(dir, 'broken.json'),
      '--result',
      result,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('json-syntax');
    expect(run.stderr).toBe('cspm-report: no valid benchmark report in the baseline: gate not evaluated (see above)\n');
    expect(readResult(result)).toMatchObject({
      status: 'fail',
      exitCode: 1,
      assertions: [],
      error: { code: 'baseline-invalid' },
    });
  });

  it('pairs as diff does: another account is exit 2 unless --allow-mismatch', async () => {
    const { rules, result, dir } = setUp([{ metric: 'regressions', max: 0 }]);
    const other = JSON.parse(readFileSync(old, 'utf8')) as { AccountId: string }[];
    other[0]!.AccountId = 'another-account';
    writeFileSync(join(dir, 'other.json'), JSON.stringify(other));
    const refused = await runInProcess([
      'gate',
      next,
      '--rules',
      rules,
      '--baseline',
      join(dir, 'other.json'),
      '--result',
      result,
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('the reports are of another account or benchmark');
    expect(readResult(result)).toMatchObject({ status: 'fail', exitCode: 2, error: { code: 'reports-mismatch' } });
    const allowed = await runInProcess([
      'gate',
      next,
      '--rules',
      rules,
      '--baseline',
      join(dir, 'other.json'),
      '--allow-mismatch',
      '--result',
      result,
    ]);
    expect(allowed.code).toBe(3);
    // 3 regressions, 2 new failures and 1 removed policy, as diff counts them.
    expect(readResult(result).assertions[0]).toMatchObject({ passed: false, actual: 6 });
  });

  it('fails an assertion on a report that the baseline does not pair with, rather than count no change', async () => {
    const { rules, result } = setUp([{ metric: 'regressions', max: 0, severity: 'Critical', allowNewFailures: true }]);
    const run = await runInProcess([
      'gate',
      next,
      'samples/aws-cis.json',
      '--rules',
      rules,
      '--baseline',
      old,
      '--result',
      result,
    ]);
    expect(run.code).toBe(3);
    const [paired, unpaired] = readResult(result).assertions;
    expect(paired).toMatchObject({ passed: true, actual: 0 });
    expect(unpaired).toMatchObject({ passed: false, actual: null });
    expect(unpaired!.scope).toContain('samples/aws-cis.json');
    expect(unpaired!.message).toContain('no report of the baseline pairs with it');
  });
});
