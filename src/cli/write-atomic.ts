import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CspmError } from '../index.js';
import { makeDirectories } from './make-directories.js';
import { refuseLinks } from './output-links.js';
import { addPendingFile, dropPendingFile } from './pending-files.js';
import { isProcessStreamPath } from './process-stream-paths.js';
import { writeBody, type OutputBody } from './write-body.js';

export type { OutputBody } from './write-body.js';

/**
 * Writes a file atomically: into a temporary file beside it, written whole, flushed to
 * disk, then renamed over the old one. A reader never sees half a report, and a failure
 * (a full disk included) leaves the old file as it was and no temporary file.
 *
 * The new file keeps the permissions (and, run as root, the owner) of the file it
 * replaces: a 0600 report stays private. A new file gets the process's umask, as a
 * shell's `>` would.
 *
 * Only regular files are replaced so. A device, pipe or socket (`-o /dev/null`, a named
 * pipe), and any path under /dev or /proc (`/dev/fd/3`, which may stand for a file the
 * shell redirected into), is written into, as a shell's `>` would: renaming a file over
 * it would destroy it. A symbolic link of that name is refused, never written through
 * (see {@link refuseLinks}), and so is one in a folder below `root`, the output folder
 * the file is written under (`--out-dir`).
 *
 * `keep`, asked once the body is written, may decline the file (a table file of no
 * report): the temporary file is then removed and the old file stays as it was.
 *
 * @throws CspmError `output-through-link`, `output-failed`
 */
export async function writeAtomic(path: string, body: OutputBody, root?: string, keep?: () => boolean): Promise<void> {
  const resolved = resolve(path);
  await refuseLinks(path, root).catch(rethrowAsOutputError(path));
  const existing = await stat(resolved).catch(() => undefined);
  if (existing && (!existing.isFile() || isProcessStreamPath(resolved))) {
    await writeInPlace(path, resolved, body);
    return;
  }
  await makeDirectories(dirname(resolved)).catch((error: unknown) => {
    throw outputError(path, error);
  });
  // Again once the folders are there: a link put in the way meanwhile is refused as well.
  await refuseLinks(path, root).catch(rethrowAsOutputError(path));
  const temporary = join(dirname(resolved), `.${basename(resolved)}.${randomBytes(6).toString('hex')}.tmp`);
  addPendingFile(temporary);
  let kept = true;
  try {
    // Created no wider than the file it replaces, so no reader can open it in between.
    const handle = await open(temporary, 'wx', existing ? existing.mode & 0o777 : 0o666);
    try {
      await keepOwnerAndMode(handle, existing);
      await writeBody(handle, body);
      kept = keep?.() !== false;
      if (kept) await handle.sync();
    } finally {
      await handle.close();
    }
    if (kept) await rename(temporary, resolved);
    else await rm(temporary, { force: true });
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    // File-system failures are the output's; anything else (a renderer failing while
    // it streams) keeps its own meaning.
    throw isSystemError(error) ? outputError(path, error) : error;
  } finally {
    dropPendingFile(temporary);
  }
}

/**
 * Gives the new file the old one's permission bits (open() narrowed them by the umask)
 * and, where the process may (root replacing another user's file), its owner and group.
 */
async function keepOwnerAndMode(handle: FileHandle, existing: Stats | undefined): Promise<void> {
  if (existing === undefined || process.platform === 'win32') return;
  if (existing.uid !== process.getuid?.() || existing.gid !== process.getgid?.())
    await handle.chown(existing.uid, existing.gid).catch(() => undefined);
  await handle.chmod(existing.mode & 0o7777);
}

/**
 * Writes into what is already there. Opened to append, never to truncate: what a path
 * under /dev or /proc reaches may be a file the shell redirected into, whose earlier
 * content is not ours to cut; devices and pipes ignore both.
 */
async function writeInPlace(path: string, resolved: string, body: OutputBody): Promise<void> {
  try {
    const handle = await open(resolved, 'a');
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

/** Passes an error of ours on, and gives a system error (a folder that cannot be read) the output's name. */
function rethrowAsOutputError(path: string): (error: unknown) => never {
  return (error: unknown) => {
    throw isSystemError(error) ? outputError(path, error) : error;
  };
}

function isSystemError(error: unknown): boolean {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code ?? '')
  );
}

function outputError(path: string, error: unknown): CspmError {
  const reason = error instanceof Error ? error.message.replace(/^[A-Z]+: /, '') : String(error);
  return new CspmError('output-failed', `${path} (${reason})`, { cause: error, data: { path } });
}
