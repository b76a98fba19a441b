import { randomBytes } from 'node:crypto';
import { open, realpath, rename, rm, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CspmError } from '../index.js';
import { makeDirectories } from './make-directories.js';
import { addPendingFile, dropPendingFile } from './pending-files.js';

/** Bytes to write, or chunks that arrive one after another (a renderer's stream). */
export type OutputBody = string | Uint8Array | AsyncIterable<string | Uint8Array>;

/**
 * Writes a file atomically: into a temporary file beside it, then a rename. A reader
 * never sees half a report, and a failure leaves the old file as it was.
 *
 * Only regular files are replaced so. A device, pipe or socket (`-o /dev/null`,
 * `-o /dev/stdout`, a named pipe) is written into, as a shell's `>` would: renaming a
 * file over it would destroy it. A symbolic link to a file keeps being a link; the
 * file it points to is replaced.
 */
export async function writeAtomic(path: string, body: OutputBody): Promise<void> {
  const resolved = resolve(path);
  const existing = await stat(resolved).catch(() => undefined);
  if (existing && !existing.isFile()) {
    await writeInPlace(path, resolved, body);
    return;
  }
  const target = existing ? await realpath(resolved).catch(() => resolved) : resolved;
  await makeDirectories(dirname(target)).catch((error: unknown) => {
    throw outputError(path, error);
  });
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  addPendingFile(temporary);
  try {
    const handle = await open(temporary, 'wx');
    try {
      await writeBody(handle, body);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    // File-system failures are the output's; anything else (a renderer failing while
    // it streams) keeps its own meaning.
    throw isSystemError(error) ? outputError(path, error) : error;
  } finally {
    dropPendingFile(temporary);
  }
}

async function writeInPlace(path: string, resolved: string, body: OutputBody): Promise<void> {
  try {
    const handle = await open(resolved, 'w');
    try {
      await writeBody(handle, body);
    } finally {
      await handle.close();
    }
  } catch (error) {
    // A reader that closed its end (`-o /dev/stdout | head`) wanted no more: not a failure.
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') return;
    throw isSystemError(error) ? outputError(path, error) : error;
  }
}

async function writeBody(handle: FileHandle, body: OutputBody): Promise<void> {
  if (typeof body === 'string') {
    await handle.writeFile(body, 'utf8');
  } else if (body instanceof Uint8Array) {
    await handle.writeFile(body);
  } else {
    for await (const chunk of body) await handle.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
}

function isSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code ?? '');
}

function outputError(path: string, error: unknown): CspmError {
  const reason = error instanceof Error ? error.message.replace(/^[A-Z]+: /, '') : String(error);
  return new CspmError('output-failed', `${path} (${reason})`, { cause: error, data: { path } });
}
