import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { runCli as RunCli } from '../../src/cli/main.js';
import { commandNames, commands as registry } from '../../src/cli/commands/commands.js';
import { bin } from '../support/bin-run.js';
import { hasProgram } from '../support/system-program.js';

/**
 * `--help` as a person sees it, at a given terminal width. The help wraps at the
 * terminal's width, between words only, and lays out example commands so that they are
 * never wrapped from 80 columns up.
 *
 * The layout is the built command line's: its bundle carries the cliui that wraps at
 * words (scripts/bundle-cli.js), so the help is that bundle's `runCli`, called in-process
 * with the width standard output reports. The command line reads nothing else of the
 * terminal, and the case on a real pseudo-terminal (script(1)) below proves that the
 * built command shows the same text there. A process per help text made this file take
 * half a minute.
 */
const builtRunCli: Promise<typeof RunCli> = (async () => {
  // The bin is a small entry that imports runCli from a chunk whose name carries a hash.
  const chunk = /import\("\.\/(cspm-report-main-[\w-]+\.js)"\)/.exec(readFileSync(bin, 'utf8'))?.[1];
  if (chunk === undefined) throw new Error(`${bin} imports no cspm-report-main chunk: has the bundle changed?`);
  const module = (await import(pathToFileURL(join(process.cwd(), dirname(bin), chunk)).href)) as {
    runCli: typeof RunCli;
  };
  return module.runCli;
})();

async function helpAt(columns: number, command: string | undefined): Promise<string> {
  let stdout = '';
  const stdoutOfTerminal = { write: (text: string | Uint8Array) => (stdout += String(text)), isTTY: true, columns };
  const code = await (
    await builtRunCli
  )(command === undefined ? ['--help'] : [...command.split(' '), '--help'], {
    stdout: stdoutOfTerminal,
    stderr: { write: (text: string) => expect.fail(`standard error: ${text}`), isTTY: true },
    stdin: Readable.from([]),
    env: { NO_COLOR: '1' },
  });
  expect(code).toBe(0);
  return stdout;
}

/** `--help` of the built command line on a real pseudo-terminal of `columns` columns. */
function helpOnTerminal(columns: number, command: string | undefined): string {
  const args = command === undefined ? '--help' : `${command} --help`;
  const run = spawnSync(
    'script',
    [
      '-qec',
      `stty cols ${columns}; ${JSON.stringify(process.execPath)} ${JSON.stringify(`${process.cwd()}/${bin}`)} ${args}`,
      '/dev/null',
    ],
    {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
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

/** The subcommands of the groups (`exceptions check`), whose help is laid out as a command's. */
const subcommands = Object.entries(registry).flatMap(([name, spec]) =>
  'subcommands' in spec ? Object.keys(spec.subcommands).map((sub) => `${name} ${sub}`) : [],
);

const commands = [undefined, ...commandNames, ...subcommands];

describe('--help at a terminal width', () => {
  it.each(commands)('%s: breaks no word at 80 and 120 columns, and fills the width', async (command) => {
    // At 1,000 columns nothing wraps: its words are the words of the help.
    const whole = new Set(words(await helpAt(1000, command)));
    for (const columns of [80, 120]) {
      const help = await helpAt(columns, command);
      for (const line of help.split('\n'))
        expect(line.length, `${columns} columns: ${line}`).toBeLessThanOrEqual(columns);
      // Before, "standard input" came out as "standard inpu" and "t" at 80 columns.
      expect(
        words(help).filter((word) => !whole.has(word)),
        `${columns} columns`,
      ).toEqual([]);
    }
  });

  it.each([...commandNames, ...subcommands])(
    '%s: every example is a comment and a command that no width from 80 columns wraps',
    async (command) => {
      const at80 = examples(await helpAt(80, command));
      expect(at80.length).toBeGreaterThan(0);
      expect(at80).toEqual(examples(await helpAt(1000, command)));
      expect(at80[0]).toMatch(/^ {2}# /);
      // A long command goes on over lines ending in " \\", as a shell reads it.
      for (const [index, line] of at80.entries()) {
        if (line.startsWith('  # ')) expect(at80[index + 1]).toMatch(/^ {2}(cspm-report|[A-Z_]+=)/);
      }
    },
  );
});

describe.skipIf(process.platform !== 'linux' || !hasProgram('script', 'bsdutils'))('--help on a terminal', () => {
  it('wraps at the terminal width, not at 100 columns on a wider terminal, as laid out in-process', async () => {
    const help = helpOnTerminal(120, 'diff');
    const longest = Math.max(...help.split('\n').map((line) => line.length));
    expect(longest).toBeGreaterThan(100);
    expect(longest).toBeLessThanOrEqual(120);
    expect(help).toBe(await helpAt(120, 'diff'));
  });
});
