import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { sampleExceptionsFile } from '../support/sample-exceptions.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

describe('render --exceptions', () => {
  it('fails the run (exit 2) on an exceptions file that does not check, writing nothing', async () => {
    const dir = tempDir();
    const bad = join(dir, 'exceptions.yaml');
    writeFileSync(bad, 'exceptions:\n  - id: EXC-1\n    policy: VMDiskEncryption\n');
    const run = await runInProcess([
      'render',
      'samples/azure-csbp.json',
      '--out-dir',
      dir,
      '--exceptions',
      bad,
      '--no-config',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('exceptions.yaml');
    expect(run.stderr).toContain('/exceptions/0');
  });

  it('refuses a Parquet dataset or table file, which do not carry accepted risks yet, rather than drop them', async () => {
    const dir = tempDir();
    const exceptions = sampleExceptionsFile(dir, 60);
    for (const args of [
      ['-f', 'parquet', '--out-dir', join(dir, 'lake')],
      ['-o', join(dir, 'r.parquet')],
    ]) {
      const run = await runInProcess([
        'render',
        'samples/azure-csbp.json',
        ...args,
        '--exceptions',
        exceptions,
        '--no-config',
      ]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--exceptions with a Parquet dataset or table file');
    }
  });
});
