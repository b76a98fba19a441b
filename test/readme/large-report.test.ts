import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { page, section, type Page } from '../support/documentation.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * "Try it on a large report", on the front page and the performance page: the lines run
 * as shown in a folder of their own, with fewer policies (the size is what is tried, not
 * what is tested): the script writes the report, and each `npx cspm-report` line passes.
 */
const tempDir = useTempDir();

function commandsAfter(from: Page, marker: string): string[] {
  const text = from.text.slice(from.text.indexOf(marker));
  return (/```sh\n([\s\S]*?)```/.exec(text)?.[1] ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '');
}

const examples: [string, string[]][] = [
  ['README.md', commandsAfter(page('README.md'), '**Try it on a large report.**')],
  ['docs/performance.md', commandsAfter(section('Try it on a large report'), '## Try it on a large report')],
];

describe('trying the tool on a large report', () => {
  it.each(examples)('%s: makes the report with the script, then checks and renders it', async (_, lines) => {
    expect(lines[0]).toMatch(/^node scripts\/generate-report\.js \d+ \S+\.json/);
    expect(lines.some((line) => line.startsWith('npx cspm-report check '))).toBe(true);
    const dir = tempDir();
    for (const line of lines) {
      const words = line.split(' ');
      if (words[0] === 'node') {
        const [script, count, file, ...options] = words.slice(1);
        expect(Number(count)).toBeGreaterThan(1000);
        execFileSync(process.execPath, [script!, String(Math.min(Number(count), 600)), join(dir, file!), ...options]);
        expect(existsSync(join(dir, file!)), line).toBe(true);
        continue;
      }
      expect(words.slice(0, 2), line).toEqual(['npx', 'cspm-report']);
      const args = words
        .slice(2)
        .map((word, index, all) => (word.endsWith('.json') || all[index - 1] === '-o' ? join(dir, word) : word));
      const result = await runInProcess(args);
      expect(result.code, `${line}\n${result.stdout}${result.stderr}`).toBe(0);
      const output = args.indexOf('-o');
      if (output >= 0) expect(existsSync(args[output + 1]!), line).toBe(true);
    }
  });
});
