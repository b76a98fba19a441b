import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { section as sectionOf } from '../support/documentation.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * The worked example of `exceptions check` and `exceptions import` runs as shown: its
 * files are written as the page gives them, its commands run on them, and what they print
 * and write is what the page shows.
 */
const section = sectionOf('Managing exceptions: `exceptions check` and `exceptions import`').text;
const blocks = (language: string): string[] =>
  [...section.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((match) => match[1]!);
const [exceptionsFile = '', trivyFile = '', draft = ''] = blocks('yaml');
const [checkLine = '', importLine = ''] = blocks('sh').map((line) => line.trim());
const [checkOutput = ''] = blocks('text');
const tempDir = useTempDir();

/** The words of a command line of the page, the files it names put in `dir`. */
function argsOf(line: string, dir: string, files: readonly string[]): string[] {
  const [program, ...words] = line.split(' ');
  expect(program).toBe('cspm-report');
  return words.map((word) => (files.includes(word) ? join(dir, word) : word));
}

describe('the worked example of managing exceptions', () => {
  it('checks the three exceptions as shown, exit 1', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'risks.yaml'), exceptionsFile);
    const run = await runInProcess(argsOf(checkLine, dir, ['risks.yaml']));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout.split(`${dir}/`).join('')).toBe(checkOutput);
  });

  it('drafts the Trivy file as shown, telling what needs filling in', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, '.trivyignore.yaml'), trivyFile);
    const run = await runInProcess(argsOf(importLine, dir, ['.trivyignore.yaml', 'risks-draft.yaml']));
    expect(run.code).toBe(0);
    const told = /says `([^`]+)`/.exec(section)?.[1]?.replace(/\s+/g, ' ');
    expect(run.stderr.split(`${dir}/`).join('')).toBe(`wrote risks-draft.yaml\n${told}\n`);
    expect(readFileSync(join(dir, 'risks-draft.yaml'), 'utf8').split(`${dir}/`).join('')).toBe(draft);
  });
});
