import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** The minimal report (50 % compliant, 1 Red High policy) and a rules file in a fresh folder. */
function setUp(
  rules: string,
  rulesName = 'rules.yaml',
): { dir: string; report: string; rules: string; result: string } {
  const dir = tempDir();
  const report = join(dir, 'report.json');
  writeFileSync(report, JSON.stringify({ result: [minimalReport()], statusCode: 200, message: 'Request Successful' }));
  writeFileSync(join(dir, rulesName), rules);
  return { dir, report, rules: join(dir, rulesName), result: join(dir, 'gate.json') };
}

const passing = 'assertions:\n  - {name: posture, metric: compliancePercent, min: 50}\n';
const warning = `${passing}  - {name: red, level: warn, metric: redPolicies, max: 0}\n`;
const failing = `${warning}  - {name: strict posture, metric: compliancePercent, min: 90}\n`;

function readResult(path: string): {
  status: string;
  exitCode: number;
  assertions: { name: string; passed: boolean; level: string; actual: unknown; expected: string; scope: string }[];
  error?: { code: string };
} {
  return JSON.parse(readFileSync(path, 'utf8'));
}

describe('cspm-report gate', () => {
  it('exits 0 when every assertion passes, and writes --result', async () => {
    const { report, rules, result } = setUp(passing);
    const run = await runInProcess(['gate', report, '--rules', rules, '--result', result]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/✔ gate passed: 0 errors, 0 warnings, 1 passed\n$/);
    expect(readResult(result)).toMatchObject({
      status: 'pass',
      exitCode: 0,
      assertions: [{ name: 'posture', passed: true, level: 'error', actual: 50, expected: '>= 50' }],
    });
  });

  it('exits 0 with warnings only', async () => {
    const { report, rules } = setUp(warning);
    const run = await runInProcess(['gate', report, '--rules', rules]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/⚠ gate passed with warnings: 0 errors, 1 warning, 1 passed\n$/);
  });

  it('exits 3 when an error assertion fails; text lists failing ones first, then passing, then the verdict', async () => {
    const { report, rules, result } = setUp(failing);
    const run = await runInProcess(['gate', report, '--rules', rules, '--result', result]);
    expect(run.code).toBe(3);
    const gateText = run.stdout.slice(run.stdout.indexOf('gate '));
    expect(gateText).toBe(
      [
        `gate ${rules}: 3 results`,
        '  error  strict posture  /assertions/2',
        `         ${report} › CSBP › account Contoso Azure`,
        '         compliancePercent is 50.0%, expected >= 90',
        '  warn   red  /assertions/1',
        `         ${report} › CSBP › account Contoso Azure`,
        '         redPolicies is 1, expected <= 0',
        `  pass   posture  ${report} › CSBP › account Contoso Azure: compliancePercent is 50.0%, within >= 50`,
        '',
        '✖ gate failed: 1 error, 1 warning, 1 passed',
        '',
      ].join('\n'),
    );
    expect(readResult(result)).toMatchObject({ status: 'fail', exitCode: 3 });
    expect(readResult(result).assertions.map((entry) => entry.passed)).toEqual([true, false, false]);
  });

  it('adds the verdict to --format json', async () => {
    const { report, rules } = setUp(failing);
    const run = await runInProcess(['gate', report, '--rules', rules, '-f', 'json']);
    const json = JSON.parse(run.stdout);
    expect(json.summary).toMatchObject({ files: 1, reports: 1 });
    expect(json.gate).toMatchObject({ rulesFile: rules, status: 'fail' });
    expect(json.gate.assertions).toHaveLength(3);
  });

  it('exits 1 for a report that does not parse, though the rules would pass, and writes --result', async () => {
    const { dir, report, rules, result } = setUp(passing);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"result": [');
    const run = await runInProcess(['gate', report, broken, '--rules', rules, '--result', result]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('json-syntax');
    expect(readResult(result)).toMatchObject({
      status: 'fail',
      exitCode: 1,
      assertions: [
        { name: 'inputs are valid reports', passed: false },
        { name: 'posture', passed: true },
      ],
    });
  });

  it('exits 1, not 3, when a report is invalid and an error assertion fails too', async () => {
    const { dir, report, rules } = setUp(failing);
    const invalid = join(dir, 'invalid.json');
    writeFileSync(invalid, JSON.stringify({ ...minimalReport(), JobId: 7 }));
    expect((await runInProcess(['gate', report, invalid, '--rules', rules])).code).toBe(1);
  });

  it('exits 1 on an input without a report, even with --fail-on never', async () => {
    const { dir, rules, result } = setUp('assertions: [{metric: redPolicies, max: 0, allowNoMatch: true}]');
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '[]');
    const run = await runInProcess(['gate', empty, '--rules', rules, '--result', result, '--fail-on', 'never']);
    expect(run.code).toBe(1);
    expect(readResult(result)).toMatchObject({ status: 'fail', exitCode: 1 });
  });

  it('exits 2 for an empty input folder and still writes a failing --result', async () => {
    const { dir, rules, result } = setUp(passing);
    const folder = join(dir, 'reports');
    mkdirSync(folder);
    const run = await runInProcess(['gate', folder, '--rules', rules, '--result', result]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cspm-report: directory holds no *.json file: ${folder}\n`);
    expect(readResult(result)).toMatchObject({
      status: 'fail',
      exitCode: 2,
      assertions: [],
      error: { code: 'input-empty-dir' },
    });
  });

  it('exits 2 naming the pointer and position of an unknown metric', async () => {
    const { report, rules, result } = setUp(
      'assertions:\n  - name: posture\n    metric: complincePercent\n    min: 80\n',
    );
    const run = await runInProcess(['gate', report, '--rules', rules, '--result', result]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(
        `^cspm-report: invalid gate rules: ${rules.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:13: /assertions/0/metric: unknown metric "complincePercent"; did you mean compliancePercent\\? The metrics are compliancePercent, `,
      ),
    );
    expect(readResult(result)).toMatchObject({ status: 'fail', error: { code: 'rules-invalid' } });
  });

  it('exits 2 with the position of YAML that does not parse', async () => {
    const { report, rules } = setUp('assertions:\n  - metric: redPolicies\n   max: 0\n');
    const run = await runInProcess(['gate', report, '--rules', rules]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^cspm-report: invalid gate rules: .*rules\.yaml:\d+:\d+: /);
  });

  it('exits 2 on an empty assertion list, and reads JSON rules', async () => {
    const { report, rules } = setUp('{"assertions": []}', 'rules.json');
    const run = await runInProcess(['gate', report, '--rules', rules]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no assertion to evaluate');
    const json = setUp('{"assertions": [{"metric": "failingPolicies", "max": 2}]}', 'rules.json');
    expect((await runInProcess(['gate', json.report, '--rules', json.rules])).code).toBe(0);
  });

  it('gates on a preset named instead of a file', async () => {
    const { report, result } = setUp(passing);
    const run = await runInProcess(['gate', report, '--rules', 'cspm:recommended', '--result', result]);
    expect(run.code).toBe(3);
    expect(readResult(result).assertions.map((entry) => entry.name)).toEqual([
      'overall compliance',
      'no critical red',
      'no high red',
      'assessed policies',
      'no expired exception',
    ]);
  });

  it('refuses to write --result or an output over the rules file or a report', async () => {
    const { report, rules } = setUp(passing);
    expect(await runInProcess(['gate', report, '--rules', rules, '--result', rules])).toMatchObject({ code: 2 });
    expect(readFileSync(rules, 'utf8')).toBe(passing);
    const run = await runInProcess(['gate', report, '--rules', rules, '-o', report, '-f', 'json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('output would overwrite an input');
  });

  it('gates the bundled samples with the sample rules files', async () => {
    const samples = [
      'samples/aws-cis.json',
      'samples/azure-csbp.json',
      'samples/azure-multi-benchmark.json',
      'samples/office365.json',
    ];
    expect((await runInProcess(['gate', ...samples, '--rules', 'samples/gate/gate-rules.yaml'])).code).toBe(0);
    expect((await runInProcess(['gate', ...samples, '--rules', 'samples/gate/gate-rules.json'])).code).toBe(3);
  });
});

describe('cspm-report schema', () => {
  it('prints the audit report schema by default and the gate rules schema by name', async () => {
    expect(JSON.parse((await runInProcess(['schema'])).stdout).$id).toBe(
      'https://cspm-report.dev/schema/audit-report.schema.json',
    );
    expect(JSON.parse((await runInProcess(['schema', 'gate-rules'])).stdout).$id).toBe(
      'https://cspm-report.dev/schema/gate-rules.schema.json',
    );
    expect(JSON.parse((await runInProcess(['schema', 'exceptions'])).stdout).$id).toBe(
      'https://cspm-report.dev/schema/exceptions.schema.json',
    );
  });

  it('lists the schemas for an unknown name', async () => {
    expect(await runInProcess(['schema', 'gate'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'cspm-report: invalid usage: unknown schema "gate"; the schemas are audit-report, gate-rules, exceptions, diff, ocsf, partial, openapi\n',
    });
  });
});
