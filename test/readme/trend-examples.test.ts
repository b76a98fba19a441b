import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { section as sectionOf } from '../support/documentation.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * The trend section's commands run as shown, in a folder of their own: first the line
 * that makes `scans/`, then each `cspm-report trend` line, whose outputs must be written.
 */
const section = sectionOf('`cspm-report trend`').text;
const lines = (/```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '')
  .split('\n')
  .map((line) => line.replace(/\s+#.*$/, '').trim())
  .filter((line) => line !== '');
const tempDir = useTempDir();

describe('documented trend examples', () => {
  it('make their scans/ folder with a script of the repository before reading it', () => {
    expect(lines[0]).toMatch(/^node scripts\/[\w-]+\.js scans\b/);
    expect(lines.slice(1).length).toBeGreaterThan(2);
    expect(lines.slice(1).every((line) => line.startsWith('cspm-report trend scans/'))).toBe(true);
  });

  it('run as shown', async () => {
    const dir = tempDir();
    const [script, ...args] = lines[0]!.split(' ').slice(1);
    const made = execFileSync(
      process.execPath,
      [script!, ...args.map((arg) => (arg === 'scans' ? join(dir, 'scans') : arg))],
      { encoding: 'utf8' },
    );
    const promised = /# prints: (.*)$/m.exec(section)?.[1];
    expect(made.split(`${dir}/`).join('')).toBe(`${promised}\n`);
    const scans = readdirSync(join(dir, 'scans')).filter((name) => name.endsWith('.json'));
    for (const line of lines.slice(1)) {
      const words = line
        .split(' ')
        .slice(1)
        .flatMap((word) => {
          if (word === 'scans/*.json') return scans.map((name) => join(dir, 'scans', name));
          return [word.startsWith('scans/') ? join(dir, word) : word];
        });
      // Every output into the folder, not the first only: a second -o once wrote into the checkout.
      const outputs = words.flatMap((word, index) => (word === '-o' ? [index + 1] : []));
      for (const index of outputs) words[index] = join(dir, words[index]!);
      const result = await runInProcess(words);
      expect(result.code, line).toBe(0);
      for (const index of outputs) expect(statSync(words[index]!).size, line).toBeGreaterThan(1000);
      if (outputs.length === 0)
        expect((JSON.parse(result.stdout) as { scans: unknown[] }).scans.length, line).toBe(scans.length);
    }
  });
});
