import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/cli/error-text.js';
import { CspmError } from '../../src/index.js';
import { rleHybrid } from '../../src/render/parquet/rle-hybrid.js';
import { bundleOpenApi } from '../../src/validate/bundle-openapi.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
const sample = 'samples/aws-cis.json';

/** What `run` throws. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

// A state the tool's own code cannot reach is an `internal` CspmError, like every other
// error of the tool: the command line prints it as one line, with the hint to --debug.
describe('faults of the tool itself', () => {
  it.each([
    ['an RLE wider than dictionary indexes need', () => rleHybrid([1], 25), 'RLE of 25-bit values'],
    [
      'a reference to a definition the schema lacks',
      () => bundleOpenApi({ a: { $ref: 'r.json#/$defs/nope' } }, { name: 'r.json', schema: { $defs: {} } }),
      'r.json#/$defs/nope names no definition of r.json',
    ],
  ])('%s is an internal CspmError', (_name, run, detail) => {
    expect(thrownBy(run)).toMatchObject({
      name: 'CspmError',
      code: 'internal',
      detail,
      message: `internal error: ${detail}`,
    });
  });

  it('is printed as one line with the hint to --debug, and with its stack under --debug', () => {
    const fault = new CspmError('internal', 'the new scan made no document to render', {
      data: { what: 'diff document' },
    });
    expect(describeFailure(fault, false)).toBe(
      'cspm-report: internal error: the new scan made no document to render (run with --debug for details)\n',
    );
    expect(describeFailure(fault, true)).toMatch(
      /^cspm-report: internal error: the new scan made no document to render\nCspmError: internal error: /,
    );
    // A problem of use has no stack worth showing, so no hint.
    expect(describeFailure(new CspmError('usage', '--jobs takes …', { data: {} }), false)).toBe(
      'cspm-report: invalid usage: --jobs takes …\n',
    );
  });

  it('is a template mistake when a user template hands a helper what it cannot take', async () => {
    const dir = tempDir();
    const templates = join(dir, 'templates');
    mkdirSync(templates);
    writeFileSync(join(templates, 'executive-summary.hbs'), '{{reportNumber "x"}}');
    const run = await runInProcess(['render', sample, '--templates', templates, '--out-dir', dir]);
    expect(run).toMatchObject({
      code: 2,
      stderr:
        'cspm-report: invalid template: a template failed while rendering the page (reportNumber expects a report of the view model, got string); check the files given with --templates\n',
    });
  });
});
