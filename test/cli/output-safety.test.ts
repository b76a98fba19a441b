import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const sample = 'samples/aws-cis.json';
const other = 'samples/office365.json';

/** A folder holding one report, r.json, and the bytes it started with. */
function folderWithReport(): { dir: string; report: string; bytes: Buffer } {
  const dir = join(tempDir(), 'd');
  mkdirSync(dir);
  const report = join(dir, 'r.json');
  copyFileSync(sample, report);
  return { dir, report, bytes: readFileSync(report) };
}

describe('an output never replaces an input', () => {
  it.each([
    ['check', (dir: string, out: string) => ['check', dir, '-o', out]],
    ['render', (dir: string, out: string) => ['render', dir, '-o', out]],
  ])('%s refuses an output that is a file inside a directory input', async (_name, args) => {
    const { dir, report, bytes } = folderWithReport();
    const result = await runInProcess(args(dir, report));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `cspm-report: output would overwrite an input: ${report} is one of the inputs; refusing to overwrite a report\n`,
    );
    expect(readFileSync(report).equals(bytes)).toBe(true);
  });

  it('recognises the input through a hard link and a symbolic link', async () => {
    const { dir, report, bytes } = folderWithReport();
    const hard = join(dir, '..', 'hard.json');
    const soft = join(dir, '..', 'soft.json');
    linkSync(report, hard);
    symlinkSync(report, soft);
    for (const output of [hard, soft]) {
      const result = await runInProcess(['check', report, '-o', output]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${output} is the input ${report} (one file under two names)`);
    }
    expect(readFileSync(report).equals(bytes)).toBe(true);
  });
});

describe('two outputs of one run never land on one file', () => {
  it('mirrors the paths below a directory input under --out-dir', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'tree/x'), { recursive: true });
    mkdirSync(join(root, 'tree/y'), { recursive: true });
    copyFileSync(sample, join(root, 'tree/x/report.json'));
    copyFileSync(other, join(root, 'tree/y/report.json'));
    const out = join(root, 'out');
    const result = await runInProcess(['render', join(root, 'tree'), '--out-dir', out, '-f', 'pdf']);
    expect(result.code).toBe(0);
    expect(result.stderr.match(/^wrote /gm)).toHaveLength(2);
    expect(readdirSync(out).sort()).toEqual(['x', 'y']);
    expect(existsSync(join(out, 'x/report.pdf')) && existsSync(join(out, 'y/report.pdf'))).toBe(true);
  });

  it('refuses, before writing anything, two file inputs of one name into one --out-dir', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'a'));
    mkdirSync(join(root, 'b'));
    copyFileSync(sample, join(root, 'a/r.json'));
    copyFileSync(other, join(root, 'b/r.json'));
    const out = join(root, 'out');
    const result = await runInProcess(['render', join(root, 'a/r.json'), join(root, 'b/r.json'), '--out-dir', out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `cspm-report: two outputs of one run on one file: ${join(root, 'a/r.json')} and ${join(root, 'b/r.json')} would both be written to ${join(out, 'r.html')}; nothing was written (give each its own --out-dir, or rename one)\n`,
    );
    expect(result.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });
});
