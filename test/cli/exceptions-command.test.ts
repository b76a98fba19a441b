import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { exceptionEntry } from '../support/sample-exceptions.js';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** Five exceptions on the bundled Azure sample, judged on 2026-12-02: active, expired, unused, unneeded, expiring. */
const risks = 'test/fixtures/exceptions/risks.yaml';
const report = 'samples/azure-csbp.json';
const onDay = ['--today', '2026-12-02', '--no-config'];

/** One exception on the sample's account, approved on 2026-11-01, the day these tests judge from. */
function entry(id: string, policy: string, expires: string): string {
  return exceptionEntry(id, policy, expires, '2026-11-01');
}

function riskFile(dir: string, entries: string): string {
  const path = join(dir, 'risks.yaml');
  writeFileSync(path, `exceptions:\n${entries}`);
  return path;
}

describe('cspm-report exceptions check', () => {
  it('exits 1 on an expired exception, naming it, its date and its owner', async () => {
    const run = await runInProcess(['exceptions', 'check', risks, '--reports', report, ...onDay]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('EXC-1: active, expires 2027-03-31 (119 days left)\n');
    expect(run.stdout).toContain(
      'Verdict: fail (exit code 1)\n  - EXC-2 expired 2026-11-30 (2 days ago), owner net-team@example.com\n',
    );
  });

  it('exits 0 on an unused exception, saying so, and 1 with --fail-on warning', async () => {
    const file = riskFile(
      tempDir(),
      entry('EXC-1', 'VMDiskEncryption', '2027-03-31') + entry('EXC-3', 'NoSuchPolicy', '2027-03-31'),
    );
    const lenient = await runInProcess(['exceptions', 'check', file, '--reports', report, ...onDay]);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toContain(`Verdict: pass\n  - EXC-3 (${file} /exceptions/1) matches no policy\n`);
    const strict = await runInProcess([
      'exceptions',
      'check',
      file,
      '--reports',
      report,
      '--fail-on',
      'warning',
      ...onDay,
    ]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain(
      `Verdict: fail (exit code 1)\n  - EXC-3 (${file} /exceptions/1) matches no policy\n`,
    );
  });

  it('without reports judges by date and says that unused and unneeded were not judged', async () => {
    const file = riskFile(tempDir(), entry('EXC-3', 'NoSuchPolicy', '2027-03-31'));
    const run = await runInProcess(['exceptions', 'check', file, '--fail-on', 'warning', ...onDay]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'by date alone: no reports given, so whether an exception is unused or unneeded was not judged',
    );
    expect(run.stdout).toContain('EXC-3: active');
  });

  it('takes --expiry-warning', async () => {
    const file = riskFile(tempDir(), entry('EXC-1', 'VMDiskEncryption', '2027-03-31'));
    const run = await runInProcess(['exceptions', 'check', file, '--expiry-warning', '120', '-f', 'json', ...onDay]);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { exceptions: { state: string }[]; expiryWarningDays: number };
    expect(json.expiryWarningDays).toBe(120);
    expect(json.exceptions[0]?.state).toBe('expiring');
  });

  it('exits 2 on a file that does not check, naming the file, line, column and pointer', async () => {
    const file = riskFile(tempDir(), entry('EXC-1', 'VMDiskEncryption', '2028-03-31'));
    const run = await runInProcess(['exceptions', 'check', file, ...onDay]);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `cspm-report: invalid exceptions file: ${file}:9:14: /exceptions/0/expires: expires 516 days after it was approved; an exception runs at most 365 days (--max-exception-days): renew it when it ends\n`,
    });
    const longer = await runInProcess(['exceptions', 'check', file, '--max-exception-days', '600', ...onDay]);
    expect(longer.code).toBe(0);
  });

  it('exits 2 on a --today that is no day', async () => {
    const run = await runInProcess(['exceptions', 'check', risks, '--today', '2027-02-30', '--no-config']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cspm-report: --today takes one day, YYYY-MM-DD, not 2027-02-30\n');
  });

  it('writes each format to a file, atomically, the format from its extension; each states the exit code', async () => {
    const dir = tempDir();
    for (const [name, check] of [
      [
        'states.json',
        (text: string) => expect((JSON.parse(text) as { verdict: { exitCode: number } }).verdict.exitCode).toBe(1),
      ],
      [
        'states.csv',
        (text: string) =>
          expect((parse(text, { columns: true }) as Record<string, string>[])[0]?.['run_verdict']).toBe('fail'),
      ],
      ['states.md', (text: string) => expect(text).toMatch(/^## Exceptions check: fail \(exit code 1\)\n/)],
      ['states.txt', (text: string) => expect(text).toContain('Verdict: fail (exit code 1)\n')],
    ] as const) {
      const out = join(dir, name);
      const run = await runInProcess(['exceptions', 'check', risks, '--reports', report, '-o', out, ...onDay]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`wrote ${out}\n`);
      check(readFileSync(out, 'utf8'));
    }
  });

  it('refuses a format the output name contradicts', async () => {
    const run = await runInProcess([
      'exceptions',
      'check',
      risks,
      '-f',
      'json',
      '-o',
      join(tempDir(), 'x.csv'),
      ...onDay,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('x.csv: its name says csv, not json');
  });

  it('never writes over an input: an exceptions file or a report', async () => {
    const dir = tempDir();
    const file = join(dir, 'risks.yaml');
    const scan = join(dir, 'scan.json');
    copyFileSync(risks, file);
    copyFileSync(report, scan);
    const overExceptions = await runInProcess(['exceptions', 'check', file, '-f', 'text', '-o', file, ...onDay]);
    expect(overExceptions.code).toBe(2);
    expect(overExceptions.stderr).toContain(`${file} is one of the inputs; refusing to overwrite a report`);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(risks, 'utf8'));
    const overReport = await runInProcess([
      'exceptions',
      'check',
      file,
      '--reports',
      scan,
      '-f',
      'csv',
      '-o',
      scan,
      ...onDay,
    ]);
    expect(overReport.code).toBe(2);
    expect(readFileSync(scan, 'utf8')).toBe(readFileSync(report, 'utf8'));
  });
});

describe('cspm-report exceptions', () => {
  it('names its subcommands when given none', async () => {
    const run = await runInProcess(['exceptions', '--no-config']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cspm-report: name a subcommand: check, import\n');
  });

  it('names the closest subcommand and the list for one mistyped', async () => {
    const run = await runInProcess(['exceptions', 'chek', 'risks.yaml', '--no-config']);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'cspm-report: unknown subcommand "chek" of exceptions; did you mean check? The subcommands are check, import\nRun "cspm-report --help" for usage.\n',
    });
  });

  it('names an unknown option of a subcommand with the closest of its own', async () => {
    const run = await runInProcess(['exceptions', 'check', 'risks.yaml', '--report', 'r.json', '--no-config']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cspm-report: unknown option --report; did you mean --reports?\n');
  });

  it('helps with examples, its own and each subcommand’s', async () => {
    const group = await runInProcess(['exceptions', '--help']);
    expect(group.code).toBe(0);
    expect(group.stdout).toContain('cspm-report exceptions check <files..>');
    expect(group.stdout).toContain('cspm-report exceptions import <file>');
    for (const sub of ['check', 'import']) {
      const help = await runInProcess(['exceptions', sub, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`\nExamples:\n  # `);
      expect(help.stdout).toContain(`  cspm-report exceptions ${sub} `);
    }
  });

  it('is listed in the help of the command line', async () => {
    const run = await runInProcess(['--help']);
    expect(run.stdout).toContain('cspm-report exceptions');
  });
});
