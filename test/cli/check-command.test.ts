import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { minimalReport } from '../support/minimal-report.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** Writes a clean report, one with an error and one with only a warning. */
function writeReports(): { dir: string; clean: string; broken: string; warned: string } {
  const dir = tempDir();
  const clean = join(dir, 'clean.json');
  const broken = join(dir, 'broken.json');
  const warned = join(dir, 'warned.json');
  writeFileSync(clean, JSON.stringify({ result: [minimalReport()], statusCode: 200, message: 'Request Successful' }));
  const wrongTotal = minimalReport();
  wrongTotal.ResourceCategories[0]!.Total = 4;
  // Each file a scan job of its own: the same report in two inputs is a duplicate-report.
  wrongTotal.JobId = 'a1b2c3d4-0000-4000-8000-000000000014';
  writeFileSync(broken, JSON.stringify([wrongTotal]));
  const oddPercent = minimalReport();
  oddPercent.ResourceCategories[1]!.CompliancePercent = 12.5;
  oddPercent.JobId = 'a1b2c3d4-0000-4000-8000-000000000024';
  writeFileSync(warned, JSON.stringify(oddPercent));
  return { dir, clean, broken, warned };
}

describe('cspm-report check', () => {
  it('exits 0 on a clean report and says so', async () => {
    const { clean } = writeReports();
    const result = await runInProcess(['check', clean]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      `${clean}: 1 report, 5 policies, no findings\n\n✔ no findings in 1 file, 1 valid report, 5 policies\n`,
    );
  });

  it('exits 1 on errors and lists each with pointer, message and rule', async () => {
    const { broken } = writeReports();
    const result = await runInProcess(['check', broken]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^ {2}error {4}\/0\/ResourceCategories\/0\/Total +category "Azure - Storage" states Total 4, but Green \+ Red \+ Amber \+ Gray = 1 \+ 1 \+ 0 \+ 1 = 3 {2}category-total$/m,
    );
    expect(result.stdout).toMatch(
      /^ {2}error {4}\/0\/ResourceCategories\/0\/Total +category "Azure - Storage" states Total 4 but holds 3 policies {2}category-count$/m,
    );
    expect(result.stdout).toMatch(/✖ 2 findings \(2 errors, 0 warnings\) in 1 file/);
  });

  it('applies --fail-on to warnings and errors', async () => {
    const { broken, warned } = writeReports();
    expect((await runInProcess(['check', warned])).code).toBe(0);
    expect((await runInProcess(['check', warned, '--fail-on', 'warning'])).code).toBe(1);
    expect((await runInProcess(['check', broken, '--fail-on', 'never'])).code).toBe(0);
  });

  it('names the formula a stated percent fits, and takes a pinned one', async () => {
    const { warned } = writeReports();
    const result = await runInProcess(['check', warned, '--format', 'json']);
    const finding = JSON.parse(result.stdout).files[0].findings[0];
    expect(finding).toMatchObject({
      rule: 'compliance-percent',
      severity: 'warning',
      pointer: '/ResourceCategories/1/CompliancePercent',
      expected: 50,
      actual: 12.5,
    });
    expect(finding.message).toContain('fits none of the known formulas');
    const pinned = await runInProcess(['check', warned, '--percent-formula', 'passed-resources', '--format', 'json']);
    expect(JSON.parse(pinned.stdout).summary.percentFormula).toBe('passed-resources');
  });

  it('prints the documented JSON shape', async () => {
    const { clean, broken } = writeReports();
    const result = await runInProcess(['check', clean, broken, '--format', 'json']);
    const json = JSON.parse(result.stdout);
    expect(json.summary).toMatchObject({
      files: 2,
      reports: 2,
      policies: 10,
      errors: 2,
      warnings: 0,
      percentFormula: 'green-of-assessed',
    });
    expect(Object.keys(json.summary)).toEqual([
      'files',
      'reports',
      'policies',
      'errors',
      'warnings',
      'percentFormula',
      'posture',
    ]);
    expect(json.summary.posture).toMatchObject({
      total: 10,
      green: 4,
      red: 2,
      amber: 2,
      gray: 2,
      percent: 50,
      percentText: '50.0%',
    });
    expect(json.files.map((file: { file: string }) => file.file)).toEqual([clean, broken]);
    expect(json.files[1]).toMatchObject({ reports: 1, policies: 5 });
    expect(Object.keys(json.files[1])).toEqual(['file', 'reports', 'policies', 'posture', 'findings']);
    expect(Object.keys(json.files[1].findings[0])).toEqual([
      'rule',
      'severity',
      'pointer',
      'message',
      'expected',
      'actual',
    ]);
  });

  it('reads standard input for -', async () => {
    const result = await runInProcess(['check', '-'], { stdin: JSON.stringify(minimalReport()) });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('<stdin>: 1 report, 5 policies, no findings');
  });

  it('changes or silences a rule with --rule', async () => {
    const { broken } = writeReports();
    const result = await runInProcess([
      'check',
      broken,
      '--rule',
      'category-total=warning',
      '--rule',
      'category-count=off',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('warning  /0/ResourceCategories/0/Total');
    expect(result.stdout).not.toContain('category-count');
  });

  it('writes --output atomically and never over an input', async () => {
    const { dir, clean, broken } = writeReports();
    const output = join(dir, 'out', 'findings.json');
    const result = await runInProcess(['check', broken, '-f', 'json', '-o', output]);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(JSON.parse(readFileSync(output, 'utf8')).summary.errors).toBe(2);
    expect(readdirSync(join(dir, 'out'))).toEqual(['findings.json']);
    const before = readFileSync(clean, 'utf8');
    const refused = await runInProcess(['check', clean, '-o', clean]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `cspm-report: output would overwrite an input: ${clean} is one of the inputs; refusing to overwrite a report\n`,
    );
    expect(readFileSync(clean, 'utf8')).toBe(before);
  });

  it('colours on request and honours NO_COLOR', async () => {
    const { broken } = writeReports();
    expect((await runInProcess(['check', broken, '--color'])).stdout).toContain('\u001b[31m');
    expect((await runInProcess(['check', broken], { env: { NO_COLOR: '1', FORCE_COLOR: '1' } })).stdout).not.toContain(
      '\u001b[',
    );
    expect((await runInProcess(['check', broken], { env: { FORCE_COLOR: '1' } })).stdout).toContain('\u001b[');
  });
});

describe('usage and I/O errors exit 2 with one line', () => {
  const cases = [
    {
      name: 'a missing file',
      args: ['check', 'no/such/report.json'],
      line: 'cspm-report: no such file or directory: no/such/report.json',
    },
    {
      name: 'no input',
      args: ['check'],
      line: 'cspm-report: check needs at least one argument, <inputs..> (report files, directories (every *.json inside) or - for standard input); got none; for example: cspm-report check samples/',
    },
    {
      name: 'one scan for diff',
      args: ['diff', 'old.json'],
      line: 'cspm-report: diff needs 2 arguments, <old> (the earlier scan: a report file, or - for standard input) and <new> (the later scan of the same account and benchmark); got 1; for example: cspm-report diff last-week.json today.json',
    },
    {
      name: 'a gate without rules',
      args: ['gate', 'x.json'],
      line: 'cspm-report: gate needs --rules (gate rules file (JSON or YAML), or a preset: cspm:recommended, cspm:strict); for example: cspm-report gate reports/ --rules gate-rules.yaml',
    },
    // yargs also named the camel-cased key (fialOn) as an "unexpected argument".
    {
      name: 'a misspelt dashed option',
      args: ['check', 'x.json', '--fial-on', 'warning'],
      line: 'cspm-report: unknown option --fial-on; did you mean --fail-on?',
    },
    { name: 'an unknown option', args: ['check', 'x.json', '--bogus'], line: 'cspm-report: unknown option --bogus' },
    {
      name: 'an unknown command',
      args: ['chek', 'x.json'],
      line: 'cspm-report: unknown command "chek"; did you mean check? The commands are check, gate, merge, diff, trend, site, query, render, schema, rules, exceptions, serve, fetch, onboard, completion',
    },
    {
      name: 'a bad choice',
      args: ['check', 'x.json', '--fail-on', 'sometimes'],
      line: 'cspm-report: --fail-on "sometimes" is not one of error, warning, never',
    },
    {
      name: 'an unknown rule',
      args: ['check', 'x.json', '--rule', 'nope=off'],
      line: expect.stringContaining(
        'cspm-report: invalid usage: --rule nope=off: unknown rule "nope"; the rules are json-syntax, ',
      ),
    },
    {
      name: 'a misspelt rule',
      args: ['check', 'x.json', '--rule', 'mixed-id=off'],
      line: expect.stringContaining(
        'cspm-report: invalid usage: --rule mixed-id=off: unknown rule "mixed-id"; did you mean mixed-ids? The rules are json-syntax, ',
      ),
    },
    {
      name: 'a bad rule setting',
      args: ['check', 'x.json', '--rule', 'schema=loud'],
      line: 'cspm-report: invalid usage: --rule schema=loud: the setting must be one of error, warning, off (as in --rule schema=off)',
    },
    {
      name: 'stdin twice',
      args: ['check', '-', '-'],
      line: 'cspm-report: invalid usage: standard input (-) can be given only once',
    },
  ];
  it.each(cases)('$name', async ({ args, line }) => {
    const result = await runInProcess(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toEqual(line);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('shows the stack of an error only with --debug', async () => {
    const result = await runInProcess(['check', 'no/such/report.json', '--debug']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/\n\s+at /);
  });

  it('leaves no partial file when the output cannot be written', async () => {
    const { dir, clean } = writeReports();
    writeFileSync(join(dir, 'blocker'), 'a file where a folder is needed');
    const result = await runInProcess(['check', clean, '-o', join(dir, 'blocker', 'out.txt')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^cspm-report: cannot write output: /);
    expect(existsSync(join(dir, 'blocker', 'out.txt'))).toBe(false);
  });
});

describe('help, schema and rules', () => {
  it('shows examples and exit codes in --help', async () => {
    const top = await runInProcess(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('Exit codes:');
    const check = await runInProcess(['check', '--help']);
    expect(check.stdout).toContain('Examples:');
    expect(check.stdout).toContain('--percent-formula');
  });

  it('prints the published schema', async () => {
    const result = await runInProcess(['schema']);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(readFileSync('schema/audit-report.schema.json', 'utf8')));
  });

  it('lists every rule', async () => {
    const result = await runInProcess(['rules', '--format', 'json']);
    const ids = JSON.parse(result.stdout).map((rule: { id: string }) => rule.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'json-syntax',
        'envelope-failure',
        'schema',
        'empty-report',
        'unknown-value',
        'category-total',
        'category-count',
        'policy-compliance',
        'policy-gray-risk',
        'policy-counts',
        'category-order',
        'compliance-number',
        'duplicate-policy-id',
        'account-kind',
        'compliance-percent',
        'posture-total',
        'mixed-ids',
      ]),
    );
  });
});
