import { describe, expect, it, vi } from 'vitest';
import type { RenderDocumentsOptions } from '../../src/model/renderer.js';
import { diffScans } from '../../src/jobs/diff-scans.js';
import { sampleExceptionsFile } from '../support/sample-exceptions.js';
import { useTempDir } from '../support/temp-dir.js';

const seen: RenderDocumentsOptions[] = [];
vi.mock('../../src/render/render-documents.js', async (original) => {
  const actual = await original<typeof import('../../src/render/render-documents.js')>();
  return {
    ...actual,
    renderDocuments: (...args: Parameters<typeof actual.renderDocuments>) => {
      seen.push(args[1] as RenderDocumentsOptions);
      return actual.renderDocuments(...args);
    },
  };
});

const tempDir = useTempDir();
const old = { path: 'samples/diff/azure-csbp-2024-03-11.json' };
const next = { path: 'samples/diff/azure-csbp-2024-03-18.json' };

describe('diffScans with exceptions', () => {
  it('judges the later scan on the given day and gives its accepted risks to the result and the documents', async () => {
    const exceptions = sampleExceptionsFile(tempDir(), -1);
    const today = new Date();
    const result = await diffScans(old, next, { exceptions: [exceptions], today, documents: { formats: ['html'] } });
    expect(result.exceptions?.judgedOn).toBe(today.toISOString().slice(0, 10));
    expect(result.exceptions?.outcomes.map((outcome) => [outcome.exception.id, outcome.state])).toEqual([
      ['EXC-1', 'unneeded'],
      ['EXC-2', 'expired'],
      ['EXC-3', 'unused'],
    ]);
    await result.documents?.[0]?.render();
    expect(seen.at(-1)?.acceptedRisks).toBe(result.exceptions);
  });

  it('gives none without exceptions, and refuses an output onto the exceptions file', async () => {
    const result = await diffScans(old, next);
    expect(result.exceptions).toBeUndefined();
    const exceptions = sampleExceptionsFile(tempDir(), 30);
    await expect(
      diffScans(old, next, { exceptions: [exceptions], outputs: [{ path: exceptions, from: 'the text result' }] }),
    ).rejects.toMatchObject({ code: 'output-is-input' });
  });
});
