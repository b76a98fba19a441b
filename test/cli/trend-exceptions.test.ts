import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Trend } from '../../src/index.js';
import { runInProcess } from '../support/cli-run.js';
import { useTempDir } from '../support/temp-dir.js';
import { writeTrendExceptions, writeTrendScans } from '../support/trend-exceptions-fixture.js';

const tempDir = useTempDir();

describe('trend --exceptions', () => {
  it("shows the accepted policies per scan and warns of the latest scan's exceptions", async () => {
    const dir = tempDir();
    const { folder } = await writeTrendScans(dir);
    const exceptions = writeTrendExceptions(dir);
    const run = await runInProcess(['trend', folder, '--exceptions', exceptions]);
    expect(run.code).toBe(0);
    const trend = JSON.parse(run.stdout) as Trend;
    expect(trend.scans.map((scan) => scan.acceptedPolicies)).toEqual([2, 2, 1, 2]);
    expect(trend.exceptions?.files.map((file) => file.path)).toEqual([exceptions]);
    expect(run.stderr).toContain(
      `cspm-report: warning: EXC-2 expired 2026-01-02 (2 days before the latest scan, 2026-01-04), owner platform@example.com`,
    );
    expect(run.stderr).toContain('cspm-report: warning: EXC-3 matches no policy of the latest scan');
    const text = await runInProcess(['trend', folder, '--exceptions', exceptions, '-f', 'text']);
    expect(text.stdout).toContain('compliance 34.0% as scanned (2 policies accepted)');
  });

  it('fails with exit 2 on an exceptions file that does not check, and writes nothing', async () => {
    const dir = tempDir();
    const { folder } = await writeTrendScans(dir);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'exceptions:\n  - id: EXC-1\n    policy: VMDiskEncryption\n');
    const output = join(dir, 'trend.json');
    const run = await runInProcess(['trend', folder, '--exceptions', bad, '-o', output]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('invalid exceptions file');
    expect(() => readFileSync(output)).toThrow();
  });

  it('never writes over an exceptions file', async () => {
    const dir = tempDir();
    const { folder } = await writeTrendScans(dir);
    const exceptions = writeTrendExceptions(dir);
    const before = readFileSync(exceptions, 'utf8');
    const run = await runInProcess(['trend', folder, '--exceptions', exceptions, '-f', 'json', '-o', exceptions]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('output would overwrite an input');
    expect(readFileSync(exceptions, 'utf8')).toBe(before);
  });
});
