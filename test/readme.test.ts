import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './support/cli-run.js';
import { documentationPages, page, section, type Page } from './support/documentation.js';
import { useTempDir } from './support/temp-dir.js';

const tempDir = useTempDir();
const outputOptions = new Set(['-o', '--output', '--out-dir', '--result']);

/**
 * The example's arguments with every file it writes moved into `dir`, and every file an
 * earlier command of its block wrote there read from there: examples never write into
 * the checkout, and a block's commands run in order, as a reader types them.
 */
function writingInto(dir: string, args: string[]): string[] {
  return args.map((arg, index) => {
    if (index > 0 && outputOptions.has(args[index - 1]!) && arg !== '-' && !isAbsolute(arg)) return join(dir, arg);
    if (!arg.startsWith('-') && !isAbsolute(arg) && !existsSync(arg) && existsSync(join(dir, arg)))
      return join(dir, arg);
    return arg;
  });
}

/**
 * The documentation (README.md and docs/*.md) shows commands with the output they print.
 * Every `$ cspm-report …` line of a ```console block is run here and its output compared,
 * so the pages stay true. A block that cannot run here (it needs a server, the network,
 * ids of an earlier answer) says so in a comment `<!-- not run: why -->` on the last line
 * before it; the tests count those blocks, so that none is left out silently.
 */
interface Example {
  command: string;
  output: string;
}

interface ConsoleBlock {
  where: string;
  notRun: string | undefined;
  commands: Example[];
}

const notRunMarker = /^<!-- not run: (.+) -->$/;

function consoleBlocks({ path, text }: Page): ConsoleBlock[] {
  return [...text.matchAll(/^```console\n([\s\S]*?)^```$/gm)].map((block) => {
    const before = text.slice(0, block.index).trimEnd().split('\n');
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
      where: `${path}:${text.slice(0, block.index).split('\n').length}`,
      notRun: notRunMarker.exec(before.at(-1) ?? '')?.[1],
      commands: commands.map((example) => ({ ...example, output: example.output.replace(/\n+$/, '\n') })),
    };
  });
}

/** Splits a shell line on spaces, honouring simple single and double quotes. */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

const pages = documentationPages();
const blocks = pages.flatMap(consoleBlocks);
const shown = blocks.filter((block) => block.notRun === undefined);

describe('documentation examples print what the pages show', () => {
  it('has examples to check, on the front page too', () => {
    expect(shown.flatMap((block) => block.commands).length).toBeGreaterThan(3);
    expect(shown.filter((block) => block.where.startsWith('README.md:')).length).toBeGreaterThan(4);
  });

  it('runs every command of a console block that is not marked as not run', () => {
    const commands = shown.flatMap((block) => block.commands.map((example) => `${block.where}: ${example.command}`));
    expect(commands.filter((line) => !/^[^ ]+ cspm-report /.test(line))).toEqual([]);
  });

  it('counts the console blocks it does not run, each with its reason', () => {
    const notRun = blocks.filter((block) => block.notRun !== undefined);
    expect(notRun.map((block) => `${block.where}: ${block.notRun}`)).toEqual([
      expect.stringContaining('needs a running server'),
    ]);
  });

  it('shows every shell session with prompts as a console block, which is run or marked', () => {
    const prompted = pages.flatMap(({ path, text }) =>
      [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)]
        .filter((block) => block[1] !== 'console' && /^\$ /m.test(block[2]!))
        .map((block) => `${path}:${text.slice(0, block.index).split('\n').length}`),
    );
    expect(prompted).toEqual([]);
  });

  it.each(shown)('$where', async ({ commands }) => {
    const dir = tempDir();
    for (const { command, output } of commands) {
      const [, ...args] = words(command.replace(/\s*# exit \d+$/, ''));
      const result = await runInProcess(writingInto(dir, args));
      const exit = /# exit (\d+)$/.exec(command);
      const printed = `${result.stdout}${result.stderr}`.replace(/\n+$/, '\n').split(`${dir}/`).join('');
      expect(result.code, `${command}\n${printed}`).toBe(exit ? Number(exit[1]) : 0);
      if (output.trim() === '…') continue;
      expect(printed, command).toBe(output === '\n' ? '' : output);
    }
  });
});

describe('rule catalogue page', () => {
  it('lists every rule as the catalogue does (regenerate with node scripts/doc-figures.js)', () => {
    const table = execFileSync(process.execPath, ['scripts/rule-table.js'], { encoding: 'utf8' });
    expect(page('docs/rules.md').text).toContain(table.trim());
  });
});

describe('dataset tables', () => {
  it('lists every table and column of the dataset as the column registry does (regenerate with node scripts/doc-figures.js)', () => {
    const tables = execFileSync(process.execPath, ['scripts/dataset-tables.js'], { encoding: 'utf8' });
    const shownTables =
      /<!-- dataset-tables: generated by node scripts\/dataset-tables\.js -->\n([\s\S]*?)\n<!-- \/dataset-tables -->/.exec(
        page('docs/datasets-and-query.md').text,
      )?.[1];
    expect(shownTables).toBe(tables.trim());
  });
});

describe('exit codes page', () => {
  it('says what --help says, code by code', async () => {
    const help = (await runInProcess(['--help'])).stdout;
    // An entry is its codes and text, the text going on over lines indented past the codes.
    const exitSection = help.slice(help.indexOf('Exit codes:'));
    const inHelp = [...exitSection.matchAll(/^ {2}(\d+(?:, \d+)?)(?: +(.*))?\n((?: {7}.*\n)*)/gm)].map((match) => [
      match[1],
      [match[2] ?? '', ...match[3]!.split('\n').map((line) => line.trim())].filter((part) => part !== '').join(' '),
    ]);
    const inPage = [...section('Exit codes').text.matchAll(/^\| (\d+(?:, \d+)?) \| (.+) \|$/gm)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(inHelp.map(([code]) => code)).toEqual(inPage.map(([code]) => code));
    expect(inHelp.find(([code]) => code === '3')?.[1]).toContain(inPage.find(([code]) => code === '3')?.[1]);
  });
});
