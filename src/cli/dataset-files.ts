import { randomBytes } from 'node:crypto';
import { link, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { CspmError, isCspmError } from '../index.js';
import type { DatasetPart, DatasetSink, DatasetTable } from '../internal.js';
import { makeDirectories } from './make-directories.js';
import { refuseLinks } from './output-links.js';
import { addPendingFile, dropPendingFile } from './pending-files.js';

/** A part being written: a hidden temporary file in its partition's folder, which every engine skips (`.` first). */
export interface PartFile {
  /** The dataset's folder (--out-dir), below which no link is written through. */
  root: string;
  folder: string;
  temporary: string;
  handle: FileHandle;
}

/** What became of a part: put in place, or already there with the same bytes. */
export interface PlacedPart {
  path: string;
  rows: number;
  status: 'written' | 'unchanged';
}

function outputError(path: string, error: unknown): CspmError {
  if (isCspmError(error)) return error;
  const reason = error instanceof Error ? error.message.replace(/^[A-Z]+: /, '') : String(error);
  return new CspmError('output-failed', `${path} (${reason})`, { cause: error, data: { path } });
}

/** Where a dataset's parts are written, and how the run lets go of them when it fails before they are placed. */
export interface DatasetFiles extends DatasetSink<PartFile> {
  /** Closes and removes every part opened and not yet placed. */
  abandon(): Promise<void>;
}

/**
 * The parts of a dataset under `root`, each written into a temporary file until it is
 * put in place whole (see placeParts). A link in a table's or partition's folder
 * (`lake/policies -> elsewhere`) refuses the run before anything is made through it.
 */
export function datasetFiles(root: string): DatasetFiles {
  const opened: PartFile[] = [];
  return {
    async open(table: DatasetTable, partition: string) {
      const folder = join(root, table, ...partition.split('/'));
      const fail = (error: unknown): never => {
        throw outputError(folder, error);
      };
      await refuseLinks(folder, root).catch(fail);
      await makeDirectories(folder).catch(fail);
      // Again once the folders are there: a link put in the way meanwhile is refused as well.
      await refuseLinks(folder, root).catch(fail);
      const temporary = join(folder, `.part-${randomBytes(6).toString('hex')}.tmp`);
      addPendingFile(temporary);
      const handle = await open(temporary, 'wx').catch((error: unknown) => {
        dropPendingFile(temporary);
        throw outputError(temporary, error);
      });
      const part = { root, folder, temporary, handle };
      opened.push(part);
      return part;
    },
    async write(part, chunks) {
      for (const chunk of chunks) {
        await part.handle.write(chunk).catch((error: unknown) => {
          throw outputError(part.temporary, error);
        });
      }
    },
    abandon: async () => dropParts(opened.splice(0)),
  };
}

/** True when the files hold the same bytes, read a megabyte at a time. */
async function sameBytes(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([open(a, 'r'), open(b, 'r')]);
  try {
    if ((await left.stat()).size !== (await right.stat()).size) return false;
    const size = 1 << 20;
    const one = Buffer.alloc(size);
    const two = Buffer.alloc(size);
    for (;;) {
      const { bytesRead } = await left.read(one, 0, size, null);
      await right.read(two, 0, size, null);
      if (bytesRead === 0) return true;
      if (!one.subarray(0, bytesRead).equals(two.subarray(0, bytesRead))) return false;
    }
  } finally {
    await Promise.all([left.close(), right.close()]);
  }
}

/** Puts one finished part in place without ever replacing a file: a hard link fails when the name is taken. */
async function placePart(temporary: string, path: string): Promise<'written' | 'taken'> {
  try {
    await link(temporary, path);
    await rm(temporary, { force: true });
    return 'written';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return 'taken';
    // A file system without hard links: the name was free a moment ago, checked again here.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS')
      throw outputError(path, error);
    if ((await stat(path).catch(() => undefined)) !== undefined) return 'taken';
    await rename(temporary, path);
    return 'written';
  }
}

function conflict(path: string): CspmError {
  return new CspmError(
    'dataset-part-conflict',
    `${path}: a part of this name holds other bytes (the same scans written otherwise: other inputs' order, --policies, --show-paths, --exceptions or version); nothing of this run was written. Move that file away to write it again`,
    { data: { path } },
  );
}

/** Removes the temporary files of parts not put in place. */
async function dropParts(parts: readonly PartFile[]): Promise<void> {
  for (const part of parts) {
    await part.handle.close().catch(() => undefined);
    await rm(part.temporary, { force: true }).catch(() => undefined);
    dropPendingFile(part.temporary);
  }
}

/**
 * Puts every finished part in place under its name, all or none: a part whose name is
 * taken by the same bytes (the same scans written again) is left as it is; one taken by
 * other bytes refuses the run before any part is placed, and no file is ever replaced,
 * so a dataset's history is never rewritten. Each part is flushed to disk first, and
 * appears whole or not at all. A part's name, or a folder above it, that is a symbolic
 * link refuses the run as well: nothing is written through it, nor compared through it.
 *
 * @throws CspmError `dataset-part-conflict` naming the file in the way; `output-through-link` naming the link;
 * `output-failed`
 */
export async function placeParts(parts: readonly DatasetPart<PartFile>[]): Promise<PlacedPart[]> {
  try {
    for (const { part } of parts) {
      await part.handle.sync();
      await part.handle.close();
    }
    const targets = parts.map(({ part, name }) => join(part.folder, name));
    for (const [index, target] of targets.entries()) {
      await refuseLinks(target, (parts[index] as DatasetPart<PartFile>).part.root).catch((error: unknown) => {
        throw outputError(target, error);
      });
      const there = await stat(target).catch(() => undefined);
      if (there !== undefined && !(await sameBytes((parts[index] as DatasetPart<PartFile>).part.temporary, target)))
        throw conflict(target);
    }
    const placed: PlacedPart[] = [];
    for (const [index, { part, rows }] of parts.entries()) {
      const path = targets[index] as string;
      const status = await placePart(part.temporary, path);
      // Taken since the check above: by another run of the same scans, or a conflict.
      if (status === 'taken' && !(await sameBytes(part.temporary, path))) throw conflict(path);
      placed.push({ path, rows, status: status === 'written' ? 'written' : 'unchanged' });
    }
    return placed;
  } finally {
    await dropParts(parts.map(({ part }) => part));
  }
}
