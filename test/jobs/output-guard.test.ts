import { copyFileSync, linkSync, openSync, closeSync, fstatSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertSafeOutputs, isCspmError } from '../../src/index.js';
import { guardedFileOf } from '../../src/jobs/output-guard.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/** The code of the error `run` throws, or undefined when it throws none. */
function codeOf(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return isCspmError(error) ? error.code : 'not a CspmError';
  }
}

/** A copy of a sample in the test's folder, to be written over or linked. */
function inputFile(): string {
  const file = join(tempDir(), 'input.json');
  copyFileSync('samples/azure-csbp.json', file);
  return file;
}

describe('assertSafeOutputs, as a program that writes files calls it', () => {
  it('refuses an output that is an input, named as it is or through a link', () => {
    const input = inputFile();
    const linked = join(tempDir(), 'hard.json');
    linkSync(input, linked);
    const symbolic = join(tempDir(), 'soft.json');
    symlinkSync(input, symbolic);
    for (const path of [input, linked, symbolic])
      expect(codeOf(() => assertSafeOutputs([{ path, from: 'the html document' }], [input]))).toBe('output-is-input');
  });

  it('refuses two outputs that land on one file, and lets two writes to a device go', () => {
    const path = join(tempDir(), 'out.sarif');
    expect(
      codeOf(() =>
        assertSafeOutputs(
          [
            { path, from: 'a.json' },
            { path, from: 'b.json' },
          ],
          [],
        ),
      ),
    ).toBe('output-collision');
    expect(
      codeOf(() =>
        assertSafeOutputs(
          [
            { path: '/dev/null', from: 'a.json' },
            { path: '/dev/null', from: 'b.json' },
          ],
          [],
        ),
      ),
    ).toBeUndefined();
  });

  it('lets outputs of their own go', () => {
    const input = inputFile();
    expect(
      codeOf(() => assertSafeOutputs([{ path: join(tempDir(), 'report.html'), from: input }], [input])),
    ).toBeUndefined();
  });
});

describe('guardedFileOf', () => {
  it('names the guarded file an open handle is, and nothing for another file', () => {
    const input = inputFile();
    const linked = join(tempDir(), 'other-name.json');
    linkSync(input, linked);
    const handle = openSync(linked, 'r');
    try {
      expect(guardedFileOf(fstatSync(handle), ['samples/aws-cis.json', input])).toBe(input);
      expect(guardedFileOf(fstatSync(handle), ['samples/aws-cis.json'])).toBeUndefined();
    } finally {
      closeSync(handle);
    }
  });
});
