import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';
import { loadReportLibrary } from '../../src/serve/report-library.js';

const tempDir = useTempDir();
const sample = 'samples/aws-cis.json';

function reportsFolder(): { root: string; dir: string } {
  const root = tempDir();
  const dir = join(root, 'reports');
  mkdirSync(dir);
  copyFileSync(sample, join(dir, 'good.json'));
  return { root, dir };
}

describe('a link to a folder outside the scanned one', () => {
  it('is not followed (a link to / walked the whole file system) and gets a note naming it', () => {
    const { dir } = reportsFolder();
    symlinkSync('/', join(dir, 'root'));
    const result = runBin(['check', dir], { timeout: 15_000 });
    expect(result.signal).toBeNull();
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      `cspm-report: note: ${join(dir, 'root')}: a link to /, a folder outside the one scanned; not followed\n`,
    );
    expect(result.stdout).toContain('no findings in 1 file');
  });

  it('is not followed when it leads to a folder of reports beside the scanned one', async () => {
    const { root, dir } = reportsFolder();
    mkdirSync(join(root, 'other'));
    writeFileSync(join(root, 'other', 'broken.json'), '{"result": [');
    symlinkSync(join(root, 'other'), join(dir, 'other'));
    const result = await runInProcess(['check', dir]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `note: ${join(dir, 'other')}: a link to ${join(root, 'other')}, a folder outside the one scanned; not followed`,
    );
  });

  it('a link to a folder inside the scanned one is followed, the folder read once', async () => {
    const { dir } = reportsFolder();
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'broken.json'), '{"result": [');
    symlinkSync('sub', join(dir, 'again'));
    const result = await runInProcess(['check', dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    // Reached first through the link, in byte order of the paths.
    expect(result.stdout).toContain(`${join(dir, 'again', 'broken.json')}: 0 reports`);
    expect(result.stdout).not.toContain(join(dir, 'sub', 'broken.json'));
  });
});

describe('links in --templates and serve --reports folders', () => {
  it('--templates: a linked file is read, a link out of the folder is named in a note', async () => {
    const root = tempDir();
    const templates = join(root, 'templates');
    mkdirSync(templates);
    writeFileSync(join(root, 'shared.css'), 'body { color: rgb(1, 2, 3) }');
    symlinkSync(join(root, 'shared.css'), join(templates, 'styles.css'));
    symlinkSync('/', join(templates, 'everything'));
    const out = join(root, 'out.html');
    const result = await runInProcess(['render', sample, '--templates', templates, '-o', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `cspm-report: note: ${join(templates, 'everything')}: a link to /, a folder outside the one scanned; not followed\n`,
    );
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(out, 'utf8')).toContain('rgb(1, 2, 3)');
  });

  it('serve --reports: a link to a report is served, as the folder scan reads it', async () => {
    const root = tempDir();
    const dir = join(root, 'served');
    mkdirSync(dir);
    symlinkSync(join(process.cwd(), sample), join(dir, 'aws-cis.json'));
    const library = await loadReportLibrary(dir);
    expect(library.size).toBe(1);
  });
});

describe('a file name that is not UTF-8 in a scanned folder', () => {
  const badName = (dir: string): Buffer =>
    Buffer.concat([Buffer.from(`${dir}/bad`), Buffer.from([0xff]), Buffer.from('.json')]);

  it('check DIR: skipped with a note, the name escaped; the other reports are read', () => {
    const { dir } = reportsFolder();
    writeFileSync(badName(dir), '{"result": [');
    // Not a *.json name: not read, so nothing to say about it.
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/notes`), Buffer.from([0xfe]), Buffer.from('.txt')]), 'x');
    const result = runBin(['check', dir], { timeout: 15_000 });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      `cspm-report: note: ${dir}/bad\\xff.json: its name is not UTF-8; skipped (rename it to read it)\n`,
    );
    expect(result.stdout).toContain('no findings in 1 file');
  });

  it('--templates: skipped with a note', async () => {
    const root = tempDir();
    const templates = join(root, 'templates');
    mkdirSync(templates);
    writeFileSync(badName(templates), 'x');
    const result = await runInProcess(['render', sample, '--templates', templates, '-o', join(root, 'out.html')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `cspm-report: note: ${templates}/bad\\xff.json: its name is not UTF-8; skipped (rename it to read it)\n`,
    );
  });
});
