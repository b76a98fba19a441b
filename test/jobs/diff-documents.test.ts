import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffScans, type RenderedBody } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const old = 'samples/diff/azure-csbp-2024-03-11.json';
const next = 'samples/diff/azure-csbp-2024-03-18.json';

async function bytesOf(body: RenderedBody): Promise<Buffer> {
  if (body instanceof Uint8Array) return Buffer.from(body);
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('diffScans makes the documents it is asked for', () => {
  it('returns one output per format, the bytes diff -o writes', async () => {
    const { documents } = await diffScans(old, next, { documents: { formats: ['html', 'csv', 'html'] } });
    expect(documents?.map((document) => [document.format, document.extension])).toEqual([
      ['html', 'html'],
      ['csv', 'csv'],
    ]);
    const html = await bytesOf(await (documents?.[0]?.render() as Promise<RenderedBody>));
    expect(html.toString('utf8')).toContain('Changes since');
    const dir = tempDir();
    const run = await runInProcess([
      'diff',
      old,
      next,
      '-o',
      join(dir, 'changes.html'),
      '-o',
      join(dir, 'changes.csv'),
    ]);
    expect(run.code).toBe(0);
    expect(html.equals(readFileSync(join(dir, 'changes.html')))).toBe(true);
    const csv = await bytesOf(await (documents?.[1]?.render() as Promise<RenderedBody>));
    expect(csv.equals(readFileSync(join(dir, 'changes.csv')))).toBe(true);
  });

  it('makes none when nothing was compared, or none were asked for', async () => {
    expect(
      (await diffScans(old, 'samples/broken/schema.json', { documents: { formats: ['html'] } })).documents,
    ).toBeUndefined();
    expect((await diffScans(old, next)).documents).toBeUndefined();
  });
});

describe('diffScans guards the outputs it is told of', () => {
  it('refuses a document planned over the later scan, and lets one of its own go', async () => {
    await expect(diffScans(old, next, { outputs: [{ path: next, from: 'the html document' }] })).rejects.toMatchObject({
      code: 'output-is-input',
    });
    await expect(
      diffScans(old, next, { outputs: [{ path: join(tempDir(), 'changes.html'), from: 'the html document' }] }),
    ).resolves.toMatchObject({ verdict: { status: 'pass' } });
  });
});
