import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFleet } from '../analyse/trend/fleet-scans.js';
import { writeScans } from '../analyse/trend/scan-series.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';
import { compareGolden } from './golden-file.js';

const tempDir = useTempDir();

/** Markup, quotes, an apostrophe, `=` and a backtick: every character an escaping may treat apart. */
const hostileTitle = 'Contoso\'s <b>trend</b> = `x` & "y"';

/**
 * The HTML page a command prints on standard output, with the folder of generated
 * scans (a new temporary one each run) named `<scans>`, so that only the page is pinned.
 */
async function page(args: string[], folder?: string): Promise<string> {
  const { code, stdout, stderr } = await runInProcess(args);
  expect(stderr.replace(/^wrote .*\n/gm, '').replace(/^ {2}\S.*\n/gm, ''), stderr).toBe('');
  expect(code).toBe(0);
  return folder === undefined ? stdout : stdout.split(folder).join('<scans>');
}

/**
 * Golden files of the trend and fleet pages: a trend of one account (of the bundled
 * diff samples, and of a generated series of dated scans), a trend of a fleet (the
 * multi-benchmark samples, and a generated fleet with a lost account), and the fleet
 * tier of `render` (the samples, and the hostile fixture). The outputs carry no date
 * without --now, and the generated folders are named by a placeholder.
 */
describe('golden files of the trend and fleet pages', () => {
  it('trend of the diff samples', async () => {
    compareGolden('trend-samples-diff.html', await page(['trend', 'samples/diff', '-f', 'html']));
  });

  it('trend of twelve dated scans, with a title to escape', async () => {
    const dir = tempDir();
    await writeScans(dir, 12, { seed: 1 });
    compareGolden('trend-12-scans.html', await page(['trend', dir, '-f', 'html', '--title', hostileTitle], dir));
  });

  it('trend of scans without dates, in JobId order', async () => {
    const dir = tempDir();
    await writeScans(dir, 5, { seed: 2, dates: false });
    compareGolden('trend-5-undated-scans.html', await page(['trend', dir, '-f', 'html'], dir));
  });

  it('fleet trend of the multi-benchmark samples', async () => {
    compareGolden('fleet-trend-samples-diff-multi.html', await page(['trend', 'samples/diff-multi', '-f', 'html']));
  });

  it('fleet trend of four accounts, one lost, with a title to escape', async () => {
    const dir = tempDir();
    await writeFleet(dir, [
      { id: 'acct-a', reds: [0, 2, 4] },
      { id: 'acct-b', reds: [0, 0, 8] },
      { id: 'acct-c', reds: [3, 1, 0] },
      { id: 'acct-d', reds: [0, 1, null] },
    ]);
    compareGolden(
      'fleet-trend-4-accounts.html',
      await page(['trend', dir, '-f', 'html', '--title', hostileTitle], dir),
    );
  });

  it('fleet tier of the samples', async () => {
    const samples = ['aws-cis', 'azure-csbp', 'azure-multi-benchmark', 'office365'].map((name) =>
      join('samples', `${name}.json`),
    );
    compareGolden(
      'fleet-tier-samples.html',
      await page(['render', ...samples, '--tier', 'fleet', '-f', 'html', '-o', '-']),
    );
  });

  it('fleet tier of the hostile fixture, with a title to escape', async () => {
    compareGolden(
      'fleet-tier-hostile.html',
      await page([
        'render',
        'test/fixtures/hostile-report.json',
        '--tier',
        'fleet',
        '-f',
        'html',
        '-o',
        '-',
        '--title',
        hostileTitle,
      ]),
    );
  });
});
