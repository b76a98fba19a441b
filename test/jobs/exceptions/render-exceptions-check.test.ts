import { describe, expect, it } from 'vitest';
import { isCspmError } from '../../../src/index.js';
import { renderExceptionsCheck } from '../../../src/jobs/exceptions/render-exceptions-check.js';

const risks = 'test/fixtures/exceptions/risks.yaml';
const today = new Date('2026-12-02T18:30:00Z');

describe('renderExceptionsCheck', () => {
  it("renders in the format the output's name says, else text", async () => {
    const toFile = await renderExceptionsCheck([risks], undefined, { today }, { path: 'states.csv' });
    expect(toFile.output.format).toBe('csv');
    expect(String(await toFile.output.render()).split('\n')[0]).toMatch(/,/);
    const toTerminal = await renderExceptionsCheck([risks], undefined, { today }, { path: '-' });
    expect(toTerminal.output.format).toBe('text');
    expect(toTerminal.verdict).toEqual(toTerminal.check.verdict);
  });

  it('refuses a format its output is not named for before any file is read', async () => {
    const refused = await renderExceptionsCheck(
      ['no-such-file.yaml'],
      undefined,
      {},
      {
        path: 'states.csv',
        format: 'json',
      },
    ).catch((error: unknown) => error);
    expect(isCspmError(refused) && refused.code).toBe('usage');
  });

  it('refuses an output over one of its exceptions files', async () => {
    const refused = await renderExceptionsCheck([risks], undefined, { today }, { path: risks, format: 'text' }).catch(
      (error: unknown) => error,
    );
    expect(isCspmError(refused) && refused.code).toBe('output-is-input');
  });
});
