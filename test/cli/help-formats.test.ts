import { describe, expect, it } from 'vitest';
import { documentFormats } from '../../src/internal.js';
import { queryFormats } from '../../src/render/query-output/query-renderers.js';
import { findingsFormatNames } from '../../src/render/findings/findings-formats.js';
import { trendFormats } from '../../src/render/trend/trend-renderers.js';
import { runInProcess } from '../support/cli-run.js';

/** Help text with its wrapping undone: yargs breaks lines inside words and lists. */
function unwrapped(text: string): string {
  return text.replace(/\n\s*/g, '');
}

/** The values `[choices: …]` lists for `--format` in a command's help. */
function formatChoices(help: string): string[] {
  const start = help.search(/^\s+(-f, )?--format\b/m);
  expect(start, 'a --format option').toBeGreaterThanOrEqual(0);
  const rest = help.slice(start);
  const firstLine = rest.indexOf('\n') + 1;
  const next = rest.slice(firstLine).search(/^ +(-\w, )?--[\w-]+ /m);
  const block = unwrapped(next < 0 ? rest : rest.slice(0, firstLine + next));
  const choices = /\[choices: ([^\]]*)\]/.exec(block)?.[1] ?? '';
  return [...choices.matchAll(/"([^"]+)"/g)].map((match) => match[1] as string);
}

/** Every --format of every command, and what the registries say it takes. */
const commands: { command: string; formats: readonly string[] }[] = [
  { command: 'render', formats: documentFormats },
  { command: 'fetch', formats: documentFormats },
  // sarif is a findings format and a document: diff offers it once.
  { command: 'diff', formats: [...new Set([...findingsFormatNames, ...documentFormats])] },
  { command: 'check', formats: findingsFormatNames },
  { command: 'gate', formats: findingsFormatNames },
  { command: 'merge', formats: findingsFormatNames },
  { command: 'trend', formats: trendFormats },
  { command: 'query', formats: queryFormats },
];

describe("every list of formats in the help comes from the formats' registries", () => {
  it.each(commands)('$command --help offers the formats of its registry', async ({ command, formats }) => {
    const help = (await runInProcess([command, '--help'])).stdout;
    expect(formatChoices(help)).toEqual([...formats]);
  });

  it('refuses a format the command does not write, naming each of its formats once', async () => {
    const result = await runInProcess(['diff', 'a.json', 'b.json', '-f', 'yaml']);
    expect(result.code).toBe(2);
    const listed = /is not one of (.*)\n/.exec(result.stderr)?.[1]?.split(', ') ?? [];
    expect(listed).toEqual([...new Set([...findingsFormatNames, ...documentFormats])]);
  });

  it("render's one-line description names every document format, in the command's help and in the list of commands", async () => {
    const own = unwrapped((await runInProcess(['render', '--help'])).stdout.split('\n\n')[1] ?? '');
    const listed = unwrapped((await runInProcess(['--help'])).stdout);
    for (const format of documentFormats) {
      expect(own).toContain(format);
      expect(listed.slice(listed.indexOf('cspm-report render'))).toContain(format);
    }
  });

  it("names, in render's help, the formats that read each format-specific option", async () => {
    const help = unwrapped((await runInProcess(['render', '--help'])).stdout);
    expect(help).toMatch(/--landscape +pdf: landscape pages/);
    expect(help).toMatch(/--fields +csv: the columns/);
    expect(help).toMatch(/--bom +csv, poam: start with/);
    expect(help).toMatch(/--templates +html: folder/);
  });

  it("lists fetch's document formats in its --format description", async () => {
    // Spaces aside: a wrapped line loses the space it broke at.
    const help = (await runInProcess(['fetch', '--help'])).stdout.replace(/\s+/g, '');
    expect(help).toContain(`alsorendereachreport:${documentFormats.join(',')}(repeatable)`);
  });
});
