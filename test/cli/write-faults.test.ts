import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeAtomic } from '../../src/cli/write-atomic.js';
import { runInProcess } from '../support/cli-run.js';
import { writeManyPolicies } from '../support/many-policies.js';
import { useTempDir } from '../support/temp-dir.js';

/**
 * Write faults injected under the file handles that the writes open: a file system that
 * takes fewer bytes than asked (as one does when it fills up mid-write), and one that
 * fills up. These run everywhere; full-disk.test.ts proves the same on a real full
 * file system where the tests may mount one.
 */
type Fault = (
  handle: FileHandle,
  buffer: Uint8Array,
  offset?: number,
  length?: number,
) => Promise<{ bytesWritten: number; buffer: Uint8Array }>;
let fault: Fault | undefined;

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open = async (...args: Parameters<typeof real.open>): Promise<FileHandle> => {
    const handle = await real.open(...args);
    return new Proxy(handle, {
      get(target, property) {
        if (property === 'write' && fault) {
          const injected = fault;
          return (buffer: Uint8Array, offset?: number, length?: number) => injected(target, buffer, offset, length);
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
  return { ...real, open, default: { ...real, open } };
});

afterEach(() => {
  fault = undefined;
});

const tempDir = useTempDir();

/** Takes at most `most` bytes a write, as a file system under pressure may. */
function shortWrites(most: number): Fault {
  return (handle, buffer, offset = 0, length = buffer.length - offset) =>
    handle.write(buffer, offset, Math.min(length, most));
}

/** Takes `room` bytes in all, the last write partly, then fails every write with ENOSPC. */
function fillsUpAfter(room: number): Fault {
  let left = room;
  return async (handle, buffer, offset = 0, length = buffer.length - offset) => {
    if (left <= 0)
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    const taken = await handle.write(buffer, offset, Math.min(length, left));
    left -= taken.bytesWritten;
    return taken;
  };
}

async function* chunks(...parts: string[]): AsyncIterable<string> {
  for (const part of parts) yield part;
}

function temporaryFiles(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.endsWith('.tmp'));
}

describe('writes that the file system takes in part', () => {
  it('writes every byte of every chunk when each write takes only some', async () => {
    const path = join(tempDir(), 'out.csv');
    fault = shortWrites(7);
    await writeAtomic(path, chunks('head\n', 'x'.repeat(1000), '\ntail\n'));
    expect(readFileSync(path, 'utf8')).toBe(`head\n${'x'.repeat(1000)}\ntail\n`);
  });

  it('writes a whole text or byte body when each write takes only some', async () => {
    const dir = tempDir();
    fault = shortWrites(5);
    await writeAtomic(join(dir, 'a.json'), 'y'.repeat(100));
    await writeAtomic(join(dir, 'b.bin'), new Uint8Array(64).fill(7));
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('y'.repeat(100));
    expect(readFileSync(join(dir, 'b.bin'))).toEqual(Buffer.alloc(64, 7));
  });
});

describe('a file system that fills up mid-write', () => {
  it('fails naming the file, keeps the previous file and its mode, and leaves no temporary file', async () => {
    const dir = tempDir();
    const path = join(dir, 'out.csv');
    writeFileSync(path, 'previous report', { mode: 0o600 });
    fault = fillsUpAfter(100);
    await expect(writeAtomic(path, chunks('head\n', 'x'.repeat(1000)))).rejects.toMatchObject({
      code: 'output-failed',
      message: `cannot write output: ${path} (no space left on device, write)`,
    });
    expect(readFileSync(path, 'utf8')).toBe('previous report');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(temporaryFiles(dir)).toEqual([]);
  });

  it('fails a text body too, however the text is written', async () => {
    const dir = tempDir();
    const path = join(dir, 'out.json');
    fault = fillsUpAfter(10);
    await expect(writeAtomic(path, 'z'.repeat(50))).rejects.toMatchObject({ code: 'output-failed' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('render exits 2 with one line naming the file, and the previous CSV stays whole', async () => {
    const dir = tempDir();
    const input = writeManyPolicies(dir, 300);
    const out = join(dir, 'out');
    mkdirSync(out);
    const csv = join(out, 'report.csv');
    writeFileSync(csv, 'previous,csv\n');
    fault = fillsUpAfter(4096);
    const result = await runInProcess(['render', input, '-f', 'csv', '-o', csv]);
    expect(result.stderr).toBe(`cspm-report: cannot write output: ${csv} (no space left on device, write)\n`);
    expect(result.code).toBe(2);
    expect(readFileSync(csv, 'utf8')).toBe('previous,csv\n');
    expect(temporaryFiles(out)).toEqual([]);
  });
});
