import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';
import { writeScans } from '../analyse/trend/scan-series.js';

/** One resolver turns an output's name and a --format into a format, for every command. */
const tempDir = useTempDir();
const old = 'samples/diff/azure-csbp-2024-03-11.json';
const next = 'samples/diff/azure-csbp-2024-03-18.json';

describe('an output named by its format, in every command', () => {
  it('diff -o changes.csv writes the new report as CSV (diff offers csv)', async () => {
    const file = join(tempDir(), 'changes.csv');
    const result = await runInProcess(['diff', old, next, '-o', file]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toMatch(/^[^,]+(,[^,]+){3,}/);
  });

  it('render -f poam -o plan.csv writes a POA&M: a POA&M is a CSV', async () => {
    const file = join(tempDir(), 'plan.csv');
    const result = await runInProcess(['render', 'samples/aws-cis.json', '-f', 'poam', '-o', file]);
    expect(result.code, result.stderr).toBe(0);
    const poam = readFileSync(file, 'utf8');
    const plain = join(tempDir(), 'plain.csv');
    expect((await runInProcess(['render', 'samples/aws-cis.json', '-o', plain])).code).toBe(0);
    expect(poam.split('\n')[0]).not.toBe(readFileSync(plain, 'utf8').split('\n')[0]);
    expect(poam).toMatch(/Open/);
  });

  it('render -o plan.poam.csv writes a POA&M without --format', async () => {
    const dir = tempDir();
    const result = await runInProcess(['render', 'samples/aws-cis.json', '-o', join(dir, 'plan.poam.csv')]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(dir, 'plan.poam.csv'), 'utf8')).toMatch(/Open/);
  });

  it('trend -o trend.html writes HTML, not JSON into an .html file', async () => {
    const dir = tempDir();
    await writeScans(dir, 2);
    const out = join(tempDir(), 'trend.html');
    const result = await runInProcess(['trend', dir, '-o', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^<!doctype html>/i);
  });

  it('refuses content that does not fit the name, writing nothing', async () => {
    const dir = tempDir();
    const result = await runInProcess(['render', 'samples/aws-cis.json', '-f', 'html', '-o', join(dir, 'report.pdf')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('report.pdf: its name says pdf, not html; name the file .html');
    expect(readdirSync(dir)).toEqual([]);
  });
});
