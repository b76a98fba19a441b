import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAtomic } from '../../src/cli/write-atomic.js';
import { runInProcess } from '../support/cli-run.js';
import { writeManyPolicies } from '../support/many-policies.js';
import { useSmallFileSystem } from '../support/small-file-system.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * Writes onto a real full file system: a 64 KiB tmpfs, which takes the write that
 * crosses its limit in part and refuses the next with ENOSPC. Mounting it needs root:
 * without, each test prints why it skips (write-faults.test.ts injects the same faults
 * everywhere).
 */
const tempDir = useTempDir();
const smallFileSystem = useSmallFileSystem();

async function* twoChunks(): AsyncIterable<Uint8Array> {
  yield Buffer.from('head\n');
  // The chunk that crosses the limit is the last: nothing fails after it.
  yield Buffer.alloc(200 * 1024, 0x78);
}

describe('a full file system', () => {
  it('fails a stream whose last chunk does not fit, keeping the previous file and leaving no temporary file', async (context) => {
    const dir = smallFileSystem(64);
    if (dir === undefined) return context.skip();
    const path = join(dir, 'out.csv');
    writeFileSync(path, 'previous');
    await expect(writeAtomic(path, twoChunks())).rejects.toMatchObject({
      code: 'output-failed',
      message: `cannot write output: ${path} (no space left on device, write)`,
    });
    expect(readFileSync(path, 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });

  it('render to a full disk exits 2 with one line naming the file, and writes no part of it', async (context) => {
    const dir = smallFileSystem(64);
    if (dir === undefined) return context.skip();
    const input = writeManyPolicies(tempDir(), 500);
    const csv = join(dir, 'report.csv');
    writeFileSync(csv, 'previous,csv\n');
    const result = await runInProcess(['render', input, '-f', 'csv', '-o', csv]);
    expect(result.stderr).toBe(`cspm-report: cannot write output: ${csv} (no space left on device, write)\n`);
    expect(result.code).toBe(2);
    expect(readFileSync(csv, 'utf8')).toBe('previous,csv\n');
    expect(readdirSync(dir)).toEqual(['report.csv']);
  });

  it('keeps the mode of a file it replaces on the small file system too', async (context) => {
    const dir = smallFileSystem(64);
    if (dir === undefined) return context.skip();
    const path = join(dir, 'private.json');
    writeFileSync(path, '{}', { mode: 0o600 });
    await writeAtomic(path, '{"new":true}');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
