import { describe, expect, it } from 'vitest';
import { isCspmError } from '../../../src/index.js';
import { documentOutputsOf, type DocumentOutputsRequest } from '../../../src/jobs/outputs/document-outputs.js';
import { stdinToken } from '../../../src/jobs/outputs/standard-output.js';

const request = (changes: Partial<DocumentOutputsRequest>): DocumentOutputsRequest => ({
  inputs: ['samples/aws-cis.json'],
  formats: undefined,
  outputs: [],
  outDir: undefined,
  ...changes,
});

/** The code of the error `run` throws, or `none`. */
function refusal(run: () => unknown): string {
  try {
    run();
    return 'none';
  } catch (error) {
    return isCspmError(error) ? error.code : 'not a CspmError';
  }
}

describe('documentOutputsOf', () => {
  it('is HTML beside each input when nothing is named', () => {
    expect(documentOutputsOf(request({}))).toEqual({ formats: ['html'], named: undefined });
  });

  it('takes the formats of the -o files, each once, by their names', () => {
    expect(documentOutputsOf(request({ outputs: ['a.pdf', 'a.xlsx'] }))).toEqual({
      formats: ['pdf', 'xlsx'],
      named: [
        { format: 'pdf', path: 'a.pdf' },
        { format: 'xlsx', path: 'a.xlsx' },
      ],
    });
  });

  it('turns each format with a Parquet form into it with parquet, and refuses parquet without one', () => {
    expect(documentOutputsOf(request({ formats: ['ocsf'], parquet: true })).formats).toEqual(['ocsf-parquet']);
    expect(refusal(() => documentOutputsOf(request({ formats: ['html'], parquet: true })))).toBe('usage');
  });

  it('refuses -o with --out-dir, and standard input without a named output', () => {
    expect(refusal(() => documentOutputsOf(request({ outputs: ['a.pdf'], outDir: 'out' })))).toBe('usage');
    expect(refusal(() => documentOutputsOf(request({ inputs: [stdinToken] })))).toBe('usage');
    expect(refusal(() => documentOutputsOf(request({ inputs: [stdinToken], outDir: 'out' })))).toBe('none');
  });
});
