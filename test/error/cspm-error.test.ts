import { describe, expect, it } from 'vitest';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { CspmError, isCspmError } from '../../src/error/cspm-error.js';
import { errorKinds, errorSummaries, exitCodeOf } from '../../src/error/error-codes.js';
import { getFindingsFormat } from '../../src/render/findings/findings-formats.js';

async function caught(action: () => unknown): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('CspmError', () => {
  it('starts its message with the summary of its code and keeps its data and cause', () => {
    const cause = new Error('EACCES');
    const error = new CspmError('output-failed', 'out.pdf (permission denied)', { cause, data: { path: 'out.pdf' } });
    expect(error.message).toBe('cannot write output: out.pdf (permission denied)');
    expect(error.data).toEqual({ path: 'out.pdf' });
    expect(error.cause).toBe(cause);
    expect(isCspmError(error)).toBe(true);
  });

  it('has a summary and a kind for every code; the exit code follows from the kind: 4 for the service, 2 for the rest (1 and 3 are verdicts)', () => {
    expect(Object.keys(errorKinds).sort()).toEqual(Object.keys(errorSummaries).sort());
    for (const [code, kind] of Object.entries(errorKinds))
      expect(exitCodeOf(code as keyof typeof errorKinds)).toBe(kind === 'service' ? 4 : 2);
    expect(exitCodeOf('service-timeout')).toBe(4);
    expect(exitCodeOf('input-not-found')).toBe(2);
  });

  it('carries the path of a missing input', async () => {
    const error = await caught(() => analyseInputs('no/such/report.json'));
    expect(isCspmError(error) && error.code).toBe('input-not-found');
    expect((error as CspmError).data).toEqual({ path: 'no/such/report.json' });
  });

  it('carries the known names of an unknown findings format', async () => {
    const error = await caught(() => getFindingsFormat('yaml'));
    expect(isCspmError(error) && error.code).toBe('unknown-format');
    expect((error as CspmError<'unknown-format'>).data.known).toContain('json');
  });
});
