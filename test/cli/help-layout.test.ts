import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commandNames } from '../../src/cli/commands/commands.js';
import { bin } from '../support/bin-run.js';
import { hasProgram } from '../support/system-program.js';

/**
 * `--help` as a person sees it: the built command line on a real pseudo-terminal
 * (script(1)) of a given width. The help wraps at the terminal's width, between words
 * only, and lays out example commands so that they are never wrapped from 80 columns up.
 */
function helpAt(columns: number, command: string | undefined): string {
  const args = command === undefined ? '--help' : `${command} --help`;
  const run = spawnSync('script', ['-qec', `stty cols ${columns}; ${JSON.stringify(process.execPath)} ${JSON.stringify(`${process.cwd()}/${bin}`)} ${args}`, '/dev/null'], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(run.status).toBe(0);
  return run.stdout.replace(/\r/g, '');
}

/** The words of a text: what a reader reads, whatever the line breaks. */
function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

/** The lines of the Examples section. */
function examples(help: string): string[] {
  const start = help.indexOf('\nExamples:\n');
  if (start < 0) return [];
  const section = help.slice(start + '\nExamples:\n'.length);
  return section.slice(0, section.indexOf('\n\n') < 0 ? undefined : section.indexOf('\n\n')).split('\n');
}

const commands = [undefined, ...commandNames];

describe.skipIf(process.platform !== 'linux' || !hasProgram('script', 'bsdutils'))('--help on a terminal', () => {
  it.each(commands)('%s: breaks no word at 80 and 120 columns, and fills the width', (command) => {
    // At 1,000 columns nothing wraps: its words are the words of the help.
    const whole = new Set(words(helpAt(1000, command)));
    for (const columns of [80, 120]) {
      const help = helpAt(columns, command);
      for (const line of help.split('\n')) expect(line.length, `${columns} columns: ${line}`).toBeLessThanOrEqual(columns);
      // Before, "standard input" came out as "standard inpu" and "t" at 80 columns.
      expect(words(help).filter((word) => !whole.has(word)), `${columns} columns`).toEqual([]);
    }
  });

  it('wraps at the terminal width, not at 100 columns on a wider terminal', () => {
    const longest = Math.max(...helpAt(120, 'diff').split('\n').map((line) => line.length));
    expect(longest).toBeGreaterThan(100);
    expect(longest).toBeLessThanOrEqual(120);
  });

  it.each(commandNames)('%s: every example is a comment and a command that no width from 80 columns wraps', (command) => {
    const at80 = examples(helpAt(80, command));
    expect(at80.length).toBeGreaterThan(0);
    expect(at80).toEqual(examples(helpAt(1000, command)));
    expect(at80[0]).toMatch(/^ {2}# /);
    // A long command goes on over lines ending in " \", as a shell reads it.
    for (const [index, line] of at80.entries()) {
      if (line.startsWith('  # ')) expect(at80[index + 1]).toMatch(/^ {2}(cspm-report|[A-Z_]+=)/);
    }
  });
});
