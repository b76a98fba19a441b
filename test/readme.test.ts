import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './support/cli-run.js';
import { useTempDir } from './support/temp-dir.js';

const tempDir = useTempDir();
const outputOptions = new Set(['-o', '--output', '--out-dir', '--result']);

/** The example's arguments with every file it writes moved into `dir`: examples never write into the checkout. */
function writingInto(dir: string, args: string[]): string[] {
  return args.map((arg, index) => (index > 0 && outputOptions.has(args[index - 1]!) && arg !== '-' && !isAbsolute(arg) ? join(dir, arg) : arg));
}

/**
 * The README shows commands with the output they print. Every `$ cspm-report …` line
 * of a ```console block is run here and its output compared, so the README stays true.
 * A block that cannot run here (it needs a server, the network, ids of an earlier
 * answer) says so in a comment `<!-- not run: why -->` on the last line before it; the
 * tests count those blocks, so that none is left out silently.
 */
interface Example {
  command: string;
  output: string;
}

interface ConsoleBlock {
  line: number;
  notRun: string | undefined;
  commands: Example[];
}

const notRunMarker = /^<!-- not run: (.+) -->$/;

function consoleBlocks(markdown: string): ConsoleBlock[] {
  return [...markdown.matchAll(/^```console\n([\s\S]*?)^```$/gm)].map((block) => {
    const before = markdown.slice(0, block.index).trimEnd().split('\n');
    const commands: Example[] = [];
    let current: Example | undefined;
    for (const line of block[1]!.split('\n')) {
      if (line.startsWith('$ ')) {
        current = { command: line.slice(2), output: '' };
        commands.push(current);
      } else if (current) {
        current.output += `${line}\n`;
      }
    }
    return {
      line: before.length + 2,
      notRun: notRunMarker.exec(before.at(-1) ?? '')?.[1],
      commands: commands.map((example) => ({ ...example, output: example.output.replace(/\n+$/, '\n') })),
    };
  });
}

/** Splits a shell line on spaces, honouring simple single and double quotes. */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

const readme = readFileSync('README.md', 'utf8');
const blocks = consoleBlocks(readme);
const shown = blocks.filter((block) => block.notRun === undefined).flatMap((block) => block.commands);

describe('README examples print what the README shows', () => {
  it('has examples to check', () => {
    expect(shown.length).toBeGreaterThan(3);
  });

  it('runs every command of a console block that is not marked as not run', () => {
    expect(shown.filter((example) => !example.command.startsWith('cspm-report ')).map((example) => example.command)).toEqual([]);
  });

  it('counts the console blocks it does not run, each with its reason', () => {
    const notRun = blocks.filter((block) => block.notRun !== undefined);
    expect(notRun.map((block) => `README.md:${block.line}: ${block.notRun}`)).toEqual([expect.stringContaining('needs a running server')]);
  });

  it('shows every shell session with prompts as a console block, which is run or marked', () => {
    const prompted = [...readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].filter((block) => block[1] !== 'console' && /^\$ /m.test(block[2]!));
    expect(prompted.map((block) => `README.md:${readme.slice(0, block.index).split('\n').length}`)).toEqual([]);
  });

  it.each(shown)('$command', async ({ command, output }) => {
    const [, ...args] = words(command.replace(/\s*# exit \d+$/, ''));
    const dir = tempDir();
    const result = await runInProcess(writingInto(dir, args));
    const exit = /# exit (\d+)$/.exec(command);
    expect(result.code).toBe(exit ? Number(exit[1]) : 0);
    const printed = `${result.stdout}${result.stderr}`.replace(/\n+$/, '\n').split(`${dir}/`).join('');
    if (output.trim() === '…') return;
    expect(printed).toBe(output);
  });
});

describe('README rule catalogue', () => {
  it('lists every rule as the catalogue does (regenerate with node scripts/rule-table.js)', () => {
    const table = execFileSync(process.execPath, ['scripts/rule-table.js'], { encoding: 'utf8' });
    expect(readme).toContain(table.trim());
  });
});

describe('README exit codes', () => {
  it('says what --help says, code by code', async () => {
    const help = (await runInProcess(['--help'])).stdout;
    // An entry is its codes and text, the text going on over lines indented past the codes.
    const exitSection = help.slice(help.indexOf('Exit codes:'));
    const inHelp = [...exitSection.matchAll(/^ {2}(\d+(?:, \d+)?)(?: +(.*))?\n((?: {7}.*\n)*)/gm)].map((match) => [
      match[1],
      [match[2] ?? '', ...match[3]!.split('\n').map((line) => line.trim())].filter((part) => part !== '').join(' '),
    ]);
    const section = readme.slice(readme.indexOf('## Exit codes'), readme.indexOf('## Other commands'));
    const inReadme = [...section.matchAll(/^\| (\d+(?:, \d+)?) \| (.+) \|$/gm)].map((match) => [match[1], match[2]]);
    expect(inHelp.map(([code]) => code)).toEqual(inReadme.map(([code]) => code));
    expect(inHelp.find(([code]) => code === '3')?.[1]).toContain(inReadme.find(([code]) => code === '3')?.[1]);
  });
});
