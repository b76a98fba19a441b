import { copyFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';
import { writeScans } from '../analyse/trend/scan-series.js';

const tempDir = useTempDir();

describe('trend: one scan given twice', () => {
  it('counts the same file once, with a note, and needs two scans still', async () => {
    const [first] = await writeScans(tempDir(), 1);
    const run = await runInProcess(['trend', first!, first!]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('a trend needs at least two scans; one was given');
  });

  it('counts a link to a scan, and a copy of it (same JobId), once, with a note each', async () => {
    const dir = tempDir();
    const [a, b] = await writeScans(dir, 2);
    const link = join(dir, 'link.json');
    symlinkSync(a!, link);
    const copy = join(dir, 'copy.json');
    copyFileSync(b!, copy);
    const run = await runInProcess(['trend', a!, link, b!, copy]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`cspm-report: ${link}: the same file as ${a}; counted once\n`);
    expect(run.stderr).toMatch(
      new RegExp(
        `cspm-report: ${copy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the same scan \\(JobId \\d+\\) as ${b!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; counted once\n`,
      ),
    );
    expect(JSON.parse(run.stdout).scans).toHaveLength(2);
  });
});

describe('trend --top', () => {
  it.each(['-1', '0', '2.5', 'x'])('refuses %s with a usage error, exit 2', async (value) => {
    const [a, b] = await writeScans(tempDir(), 2);
    const run = await runInProcess(['trend', a!, b!, '--top', value]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^cspm-report: invalid usage: --top: the policies listed per list must be a whole number of 1 or more, not /,
    );
  });
});
