import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';

const report = 'samples/aws-cis.json';
const why = 'takes a name, not "-": standard input and output are for the report inputs, --baseline and --output';

/**
 * `-` is standard input or output for report inputs, --baseline and --output only.
 * Elsewhere it reached the file system as a path holding a NUL character: a message
 * quoting "\u0000-", or an internal error.
 */
describe('"-" where a file name is meant', () => {
  it.each([
    ['--logo', ['render', report, '--logo', '-', '-f', 'pdf', '-o', 'never-written.pdf']],
    ['--templates', ['render', report, '--templates', '-', '-f', 'html', '-o', 'never-written.html']],
    ['--rules', ['gate', report, '--rules', '-']],
    ['--result', ['gate', report, '--rules', 'cspm:recommended', '--result', '-']],
  ])('%s - is a usage error naming the option', async (option, args) => {
    const run = await runInProcess(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cspm-report: invalid usage: ${option} ${why}\n`);
    expect(run.stdout).toBe('');
  });

  it('a positional that is no input says which argument', async () => {
    const run = await runInProcess(['schema', '-']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cspm-report: invalid usage: the name argument ${why}\n`);
  });

  it('schema -o - prints the schema on standard output', async () => {
    const run = await runInProcess(['schema', '-o', '-']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema' });
  });

  it('report inputs, --baseline and --output keep their -', async () => {
    const text = (await import('node:fs')).readFileSync(report);
    expect((await runInProcess(['check', '-'], { stdin: text })).code).toBe(0);
    const gate = await runInProcess(
      ['gate', report, '--rules', 'cspm:recommended', '--baseline', '-', '--allow-mismatch', '-f', 'json', '-o', '-'],
      { stdin: text },
    );
    expect(gate.stderr).not.toContain('takes a name');
    expect(JSON.parse(gate.stdout)).toHaveProperty('verdict');
  });
});

/**
 * Words after `--` are arguments, never options, as for every POSIX tool: yargs put
 * them aside where no positional saw them, so `check -- report.json` said it had no
 * input, and a file named `-scan.json` could not be checked at all.
 */
describe('arguments after "--"', () => {
  it('reads reports given after --', async () => {
    const plain = await runInProcess(['check', report]);
    const separated = await runInProcess(['check', '--', report]);
    expect(separated).toEqual(plain);
    expect(separated.code).toBe(0);
  });

  it('reads a file whose name starts with a dash, and shows its name as given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dash-'));
    copyFileSync(report, join(dir, '-scan.json'));
    const run = runBin(['check', '--no-config', '--', '-scan.json'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('-scan.json: 1 report');
    expect(run.status).toBe(0);
  });

  it('takes an option-like word after -- as a file, not as the option', async () => {
    const run = await runInProcess(['check', report, '--', '--fail-on']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--fail-on');
    expect(run.stderr).not.toContain('\u0000');
  });
});
