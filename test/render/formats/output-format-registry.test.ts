import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { findingsFormatNames } from '../../../src/render/findings/findings-formats.js';
import { routedKinds } from '../../../src/render/formats/format-views.js';
import { formatNamedBy, resolveOutputFormat } from '../../../src/render/formats/output-routing.js';
import { runInProcess } from '../../support/cli-run.js';
import { useTempDir } from '../../support/temp-dir.js';

// The one line a new output format adds to the registry, here in a mock of it: its entry
// is the fixture's one file.
vi.mock('../../../src/render/formats/output-formats.js', async (importOriginal) => {
  const { fakeEntry } = await import('../../fixtures/output-formats/fake-format.js');
  return {
    outputFormats: {
      ...(await importOriginal<typeof import('../../../src/render/formats/output-formats.js')>()).outputFormats,
      fake: fakeEntry,
    },
  };
});

const tempDir = useTempDir();
const fakeBytes = 'FAKE 1 report(s), 59 policies\n';

/** The values `[choices: …]` lists for `--format` in a command's help, wrapping undone. */
function formatChoices(help: string): string[] {
  const block = help.slice(help.search(/--format\b/)).replace(/\n\s*/g, '');
  return [...(/\[choices: ([^\]]*)\]/.exec(block)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map(
    (match) => match[1] as string,
  );
}

describe('an output format added to the registry', () => {
  it.each(['render', 'diff', 'fetch'])('is offered by %s, which writes documents', async (command) => {
    expect(formatChoices((await runInProcess([command, '--help'])).stdout)).toContain('fake');
  });

  it.each(['check', 'gate', 'merge', 'trend', 'query'])(
    'is not offered by %s, which writes no document',
    async (command) => {
      expect(formatChoices((await runInProcess([command, '--help'])).stdout)).not.toContain('fake');
    },
  );

  it("is named in render's one-line description, in the list of commands", async () => {
    const listed = (await runInProcess(['--help'])).stdout.replace(/\n\s*/g, ' ');
    expect(listed.slice(listed.indexOf('cspm-report render'))).toMatch(/parquet-figures, fake\)/);
  });

  it('is named by its extension: the resolver finds it among every kind', () => {
    expect(formatNamedBy('out.fake', routedKinds)).toEqual({ kind: 'document', format: 'fake' });
    expect(resolveOutputFormat('OUT.FAKE', undefined, ['findings', 'document'])).toEqual({
      kind: 'document',
      format: 'fake',
    });
  });

  it('gets an -o path its extension names: render writes its bytes there', async () => {
    const out = join(tempDir(), 'out.fake');
    const result = await runInProcess(['render', 'samples/aws-cis.json', '-o', out, '--no-config']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`wrote ${out}\n`);
    expect(readFileSync(out, 'utf8')).toBe(fakeBytes);
  });

  it('is taken by -f, to standard output too', async () => {
    const result = await runInProcess(['render', 'samples/aws-cis.json', '-f', 'fake', '-o', '-', '--no-config']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(fakeBytes);
  });

  it('takes its own extension when one -o names another format: -f fake -f html -o both.html', async () => {
    const dir = tempDir();
    const result = await runInProcess([
      'render',
      'samples/aws-cis.json',
      '-f',
      'fake',
      '-f',
      'html',
      '-o',
      join(dir, 'both.html'),
      '--no-config',
    ]);
    expect(result.code).toBe(0);
    expect(readFileSync(join(dir, 'both.fake'), 'utf8')).toBe(fakeBytes);
  });

  it('is refused by a command that does not write it, which lists its own formats once', async () => {
    const result = await runInProcess(['check', 'samples/aws-cis.json', '-f', 'fake', '--no-config']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--format "fake" is not one of ${findingsFormatNames.join(', ')}\n`);
  });

  it('is refused where its name would go to a command that does not write it', async () => {
    const result = await runInProcess([
      'check',
      'samples/aws-cis.json',
      '-o',
      join(tempDir(), 'out.fake'),
      '--no-config',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /out\.fake: its name names no format of this command; give the format \(text, json, sarif, junit, github, gitlab, markdown\)/,
    );
  });
});
