import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { bin } from '../support/bin-run.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/**
 * A list of millions of objects that are no report (`[{},{},…]`) costs the memory of its
 * parse and no more: the loader used to make a record and a pointer per item before it
 * found that none is a report, about as much memory again, and a 100 MB file ran out of
 * Node's default heap (exit 134). Here 2 million items under a 200 MB heap: 3 million,
 * which the parse alone fits in about 200 MB, did not fit the old loader in 400 MB, so
 * two thirds of them need about 270 MB of it.
 */
it('a list of 2 million objects that are no report is one not-a-report finding within a heap of 200 MB', () => {
  const file = join(tempDir(), 'empties.json');
  writeFileSync(file, `[${'{},'.repeat(2_000_000 - 1)}{}]`);
  const run = spawnSync(process.execPath, ['--max-old-space-size=200', bin, 'check', file], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(1);
  expect(run.stdout).toContain('error    (document)  not an audit report: nothing has a field of a benchmark report');
  expect(run.stdout).toMatch(/✖ 1 finding \(1 error, 0 warnings\) in 1 file, 0 valid reports, 0 policies/);
}, 150_000);

/**
 * One report among millions of items that are no report: each item is validated (and
 * its schema findings counted), but no record or pointer is kept per item. The loader
 * used to hold a `{ pointer, value }` per item until validation, as much memory again as
 * the parsed items; 33 million of them ran out of Node's default heap (exit 134 after
 * 100 s). Here 2 million under a 200 MB heap, the same share of it as 3 million under
 * 300 MB, which the old loader did not fit.
 */
it("one report among 2 million empty objects is checked within a heap of 200 MB, every item's findings counted", () => {
  const file = join(tempDir(), 'mixed.json');
  const sample = JSON.parse(readFileSync('samples/aws-cis.json', 'utf8')) as { result: unknown[] };
  writeFileSync(file, `[${JSON.stringify(sample.result[0])}${',{}'.repeat(2_000_000)}]`);
  const run = spawnSync(process.execPath, ['--max-old-space-size=200', bin, 'check', file], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(1);
  // 11 required fields missing from each of the 2 million items.
  expect(run.stdout).toMatch(
    /✖ 22,000,000 findings \(22,000,000 errors, 0 warnings\) in 1 file, 1 valid report, \d+ policies/,
  );
}, 150_000);
