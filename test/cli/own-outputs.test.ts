import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** A folder of two scans with the tool's own outputs written beside them, as a CI job leaves it. */
async function scansWithOutputs(): Promise<string> {
  const dir = join(tempDir(), 'scans');
  mkdirSync(dir);
  for (const name of ['azure-csbp-2024-03-11.json', 'azure-csbp-2024-03-18.json'])
    copyFileSync(join('samples/diff', name), join(dir, name));
  const first = join(dir, 'azure-csbp-2024-03-11.json');
  const outputs = [
    ['render', first, '-f', 'hdf', '--out-dir', dir],
    ['check', first, '-f', 'sarif', '-o', join(dir, 'check.sarif.json')],
    ['check', first, '-f', 'json', '-o', join(dir, 'check.json')],
    ['gate', first, '--rules', 'samples/gate/gate-rules.json', '--result', join(dir, 'gate-result.json')],
    ['diff', first, join(dir, 'azure-csbp-2024-03-18.json'), '-f', 'json', '-o', join(dir, 'diff.json')],
  ];
  // A failed gate or check (1, 3) still writes its output; 2 would be a run that wrote nothing.
  for (const args of outputs) expect((await runInProcess(args)).code).not.toBe(2);
  return dir;
}

const notes = (dir: string): string[] =>
  [
    ['azure-csbp-2024-03-11.hdf.json', 'HDF'],
    ['check.json', 'check -f json'],
    ['check.sarif.json', 'SARIF'],
    ['diff.json', 'diff -f json'],
    ['gate-result.json', 'gate --result'],
  ].map(
    ([file, kind]) =>
      `cspm-report: note: ${join(dir, file!)}: an output of cspm-report (${kind}), not a report; skipped\n`,
  );

describe("the tool's own outputs in a scanned folder", () => {
  it('check DIR skips them with a note, not a warning that fails --fail-on warning', async () => {
    const dir = await scansWithOutputs();
    const result = await runInProcess(['check', dir, '--fail-on', 'warning']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(notes(dir).join(''));
    expect(result.stdout).toContain('no findings in 2 files');
  });

  it('trend DIR draws the trend over the scans alone', async () => {
    const dir = await scansWithOutputs();
    const out = join(tempDir(), 'trend.json');
    const result = await runInProcess(['trend', dir, '-o', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`${notes(dir).join('')}wrote ${out}\n`);
  });

  it('a rerun of render DIR leaves them out quietly', async () => {
    const dir = await scansWithOutputs();
    const result = await runInProcess(['render', dir, '-f', 'csv', '--out-dir', join(tempDir(), 'out')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(notes(dir)[0]);
    expect(result.stderr).not.toContain('skipped, no benchmark report in it');
  });

  it('a stray JSON file that is not ours keeps its not-a-report warning', async () => {
    const dir = await scansWithOutputs();
    writeFileSync(join(dir, 'package.json'), '{"name": "x", "version": "1.0.0"}');
    const result = await runInProcess(['check', dir, '--fail-on', 'warning']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('not-a-report');
  });

  it('an output named on its own is checked in full: an error, as any file that is not a report', async () => {
    const dir = await scansWithOutputs();
    const result = await runInProcess(['check', join(dir, 'check.sarif.json')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('not-a-report');
  });
});
