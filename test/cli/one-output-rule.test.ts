import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';
import { writeScans } from '../analyse/trend/scan-series.js';

/**
 * One rule for --format and --output in every command: several -o each take the paired -f or the format its name says.
 */
const tempDir = useTempDir();
const report = 'samples/aws-cis.json';
const old = 'samples/diff/azure-csbp-2024-03-11.json';
const next = 'samples/diff/azure-csbp-2024-03-18.json';

describe('render takes several --output files, as diff does', () => {
  it('render a.json -o a.html -o a.csv writes both, each in the format its name says', async () => {
    const dir = tempDir();
    const result = await runInProcess(['render', report, '-o', join(dir, 'a.html'), '-o', join(dir, 'a.csv')]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(dir, 'a.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/i);
    expect(readFileSync(join(dir, 'a.csv'), 'utf8').split('\n')[0]).toContain(',');
    expect(result.stderr).toContain(`wrote ${join(dir, 'a.html')}\nwrote ${join(dir, 'a.csv')}\n`);
  });

  it('render -f csv -f html -o big.csv writes big.csv and big.html', async () => {
    const dir = tempDir();
    const result = await runInProcess(['render', report, '-f', 'csv', '-f', 'html', '-o', join(dir, 'big.csv')]);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['big.csv', 'big.html']);
  });

  it('pairs each -f with the -o in its position', async () => {
    const dir = tempDir();
    const result = await runInProcess([
      'render',
      report,
      '-f',
      'poam',
      '-o',
      join(dir, 'plan.csv'),
      '-f',
      'csv',
      '-o',
      join(dir, 'rows.csv'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(dir, 'plan.csv'), 'utf8')).toMatch(/Open/);
    expect(readFileSync(join(dir, 'plan.csv'), 'utf8').split('\n')[0]).not.toBe(
      readFileSync(join(dir, 'rows.csv'), 'utf8').split('\n')[0],
    );
  });

  it.each([
    {
      name: 'a name that says a format no -f gives',
      args: (dir: string) => ['-f', 'csv', '-f', 'html', '-o', join(dir, 'big.pdf')],
      message: 'big.pdf: its name says pdf, which is not one of the --format values (csv, html)',
    },
    {
      name: 'one file twice',
      args: (dir: string) => ['-o', join(dir, 'a.html'), '-o', join(dir, 'a.html')],
      message: 'a.html is given twice',
    },
    {
      name: 'standard output twice',
      args: () => ['-f', 'csv', '-o', '-', '-f', 'html', '-o', '-'],
      message: '--output - is given twice',
    },
    {
      name: 'unequal counts',
      args: (dir: string) => [
        '-f',
        'csv',
        '-f',
        'html',
        '-f',
        'pdf',
        '-o',
        join(dir, 'a.csv'),
        '-o',
        join(dir, 'a.html'),
      ],
      message: '3 --format values for 2 --output values',
    },
    { name: 'an output over the input', args: () => ['-o', 'x.html', '-o', report], message: 'is one of the inputs' },
  ])('refuses $name (exit 2, one line, nothing written)', async ({ args, message }) => {
    const dir = tempDir();
    const result = await runInProcess(['render', report, ...args(dir)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('cspm-report:'))).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync('x.html')).toBe(false);
  });
});

describe('the same rule in check, diff and trend', () => {
  it('check -f json -f sarif -o out.json writes out.json and out.sarif', async () => {
    const dir = tempDir();
    const result = await runInProcess(['check', report, '-f', 'json', '-f', 'sarif', '-o', join(dir, 'out.json')]);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['out.json', 'out.sarif']);
  });

  it('diff -f csv -f html -o changes.csv writes both documents', async () => {
    const dir = tempDir();
    const result = await runInProcess(['diff', old, next, '-f', 'csv', '-f', 'html', '-o', join(dir, 'changes.csv')]);
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['changes.csv', 'changes.html']);
  });

  it('trend -o t.html -o t.json writes both, its status lines on standard error', async () => {
    const scans = tempDir();
    await writeScans(scans, 2);
    const dir = tempDir();
    const result = await runInProcess(['trend', scans, '-o', join(dir, 't.html'), '-o', join(dir, 't.json')]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(dir, 't.html'), 'utf8')).toMatch(/^<!doctype html>/i);
    expect(JSON.parse(readFileSync(join(dir, 't.json'), 'utf8'))).toHaveProperty('scans');
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`wrote ${join(dir, 't.html')}\nwrote ${join(dir, 't.json')}\n`);
  });
});

describe('trend on standard output', () => {
  it('prints a text summary on a terminal, and with -f text', async () => {
    const scans = tempDir();
    await writeScans(scans, 3);
    const terminal = await runInProcess(['trend', scans], { stdoutIsTTY: true });
    expect(terminal.code, terminal.stderr).toBe(0);
    expect(terminal.stdout).toMatch(/^Compliance trend: .+\n3 scans, .+ since the first scan\n/);
    expect(terminal.stdout).not.toMatch(/^\{/);
    expect((await runInProcess(['trend', scans, '-f', 'text'])).stdout).toBe(terminal.stdout);
  });

  it('prints JSON into a pipe, and with -f json on a terminal', async () => {
    const scans = tempDir();
    await writeScans(scans, 2);
    const piped = await runInProcess(['trend', scans]);
    expect(JSON.parse(piped.stdout)).toHaveProperty('scans');
    const asked = await runInProcess(['trend', scans, '-f', 'json'], { stdoutIsTTY: true });
    expect(asked.stdout).toBe(piped.stdout);
  });
});

describe('status lines', () => {
  it('go to standard error in render, diff and trend, and --quiet drops them', async () => {
    const dir = tempDir();
    const scans = tempDir();
    await writeScans(scans, 2);
    const runs = [
      ['render', report, '-o', join(dir, 'r.csv')],
      ['diff', old, next, '-o', join(dir, 'd.csv')],
      ['trend', scans, '-o', join(dir, 't.json')],
    ];
    for (const args of runs) {
      const told = await runInProcess(args);
      expect(told.code, told.stderr).toBe(0);
      expect(told.stdout).toBe('');
      expect(told.stderr).toMatch(/^wrote /);
      const quiet = await runInProcess([...args, '--quiet']);
      expect(quiet).toEqual({ code: 0, stdout: '', stderr: '' });
    }
  });
});

describe('a name without a known extension, the same in every command', () => {
  // Each command's default format, and how its file starts.
  const commands = [
    { command: ['render', report], starts: /^<!DOCTYPE html>/i },
    { command: ['trend', old, next], starts: /^\{/ },
    { command: ['check', report], starts: /aws-cis\.json: 1 report, 59 policies/ },
    { command: ['diff', old, next], starts: /azure-csbp-2024-03-11\.json: 1 report/ },
  ];

  it.each(commands)('$command.0 -o results (no extension) writes its default format', async ({ command, starts }) => {
    const dir = tempDir();
    const result = await runInProcess([...command, '--no-config', '-o', join(dir, 'results')]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(dir, 'results'), 'utf8')).toMatch(starts);
  });

  it.each(commands)(
    '$command.0 -o results.out (an extension of no format) is refused, exit 2, nothing written',
    async ({ command }) => {
      const dir = tempDir();
      const result = await runInProcess([...command, '--no-config', '-o', join(dir, 'results.out')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/results\.out: its name names no format of this command; give the format \(/);
      expect(readdirSync(dir)).toEqual([]);
    },
  );

  it('lists each format once in the refusal (sarif is a document and a findings format of diff)', async () => {
    const result = await runInProcess(['diff', old, next, '--no-config', '-o', join(tempDir(), 'changes.out')]);
    const listed = /give the format \(([^)]*)\)/.exec(result.stderr)?.[1]?.split(', ') ?? [];
    expect(listed).toContain('sarif');
    expect(listed.length).toBe(new Set(listed).size);
  });
});
