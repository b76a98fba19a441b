import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isBinaryMediaType } from '../../src/cli/terminal-guard.js';
import { renderers } from '../../src/index.js';
import { bin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';
import { hasProgram } from '../support/system-program.js';

/** A PDF or workbook sent to a terminal is refused; piped or redirected, it is written. */
const sample = 'samples/aws-cis.json';

describe('which documents are binary', () => {
  it.each([
    ['pdf', true],
    ['xlsx', true],
    ['html', false],
    ['csv', false],
    ['hdf', false],
    ['poam', false],
    ['ocsf', false],
  ] as const)('%s: %s', (format, binary) => {
    expect(isBinaryMediaType(renderers[format].mediaType)).toBe(binary);
  });
});

describe('a binary document to standard output on a terminal', () => {
  it.each(['pdf', 'xlsx'])('render -f %s -o - is refused with exit 2 before anything is rendered', async (format) => {
    const result = await runInProcess(['render', sample, '-f', format, '-o', '-'], { stdoutIsTTY: true });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `cspm-report: invalid usage: a ${format} document is binary and standard output is a terminal: redirect it (> report.${format}) or name a file with --output\n`,
    );
  });

  it('diff -f xlsx -o - is refused before any output is written', async () => {
    const result = await runInProcess(
      [
        'diff',
        'samples/diff/azure-csbp-2024-03-11.json',
        'samples/diff/azure-csbp-2024-03-18.json',
        '-f',
        'xlsx',
        '-o',
        '-',
      ],
      { stdoutIsTTY: true },
    );
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('a xlsx document is binary and standard output is a terminal');
  });

  it('writes text formats to the terminal as before', async () => {
    const result = await runInProcess(['render', sample, '-f', 'csv', '-o', '-'], { stdoutIsTTY: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Ensure');
  });

  it('writes a PDF to standard output that is not a terminal', async () => {
    const result = await runInProcess(['render', sample, '-f', 'pdf', '-o', '-']);
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('%PDF-')).toBe(true);
  });

  it.skipIf(process.platform !== 'linux' || !hasProgram('script', 'bsdutils'))(
    'is refused on a real pseudo-terminal',
    () => {
      // script(1) runs the command with a pseudo-terminal as its standard output.
      const command = `"${process.execPath}" "${bin}" render ${sample} -f pdf -o -`;
      const result = spawnSync('script', ['-qec', command, '/dev/null'], {
        encoding: 'utf8',
        timeout: 30_000,
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect(result.status).toBe(2);
      expect(result.stdout).toContain('a pdf document is binary and standard output is a terminal');
      expect(result.stdout).not.toContain('%PDF-');
    },
  );
});
