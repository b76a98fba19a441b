import { type Dirent, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { SkippedInput } from '../model/document.js';

/** What {@link walkFolder} found: the files, in byte order of their paths, and what it left out. */
export interface FolderListing {
  files: string[];
  skipped: SkippedInput[];
}

/**
 * Lists the entries of `dir` that `accept` takes by name, recursively or not, in byte
 * order of their paths. Every folder scan of the tool (report folders, `--templates`,
 * `serve --reports`) goes through here, so links are treated alike everywhere:
 *
 * - A link to a file is listed wherever it points, as the file itself would be: a
 *   linked report is checked like any other, so a link cannot carry a broken report
 *   past a check. A dangling link or a pipe is listed all the same: reading it fails
 *   with a clear error naming it, rather than the run passing without it.
 * - A link to a folder inside `dir` is followed, each folder walked once (a loop ends).
 *   A link to a folder outside `dir` (a link to `/` would walk the whole file system)
 *   is skipped, and listed as skipped.
 * - A name that is not UTF-8 cannot be given back as a path string (the bytes decode
 *   to U+FFFD and no longer name the file): skipped, and listed with its bytes escaped
 *   when it is a folder, a link or a name `accept` takes.
 *
 * @throws the file system's error for `dir` itself
 */
export function walkFolder(dir: string, accept: (name: string) => boolean, recursive = true): FolderListing {
  const root = realpathSync(dir);
  const listing: FolderListing = { files: [], skipped: [] };
  walk(dir, root, { root, accept, recursive, walked: new Set(), listing });
  listing.files.sort(byBytes);
  listing.skipped.sort((a, b) => byBytes(a.source, b.source));
  return listing;
}

interface Walk {
  root: string;
  accept: (name: string) => boolean;
  recursive: boolean;
  walked: Set<string>;
  listing: FolderListing;
}

function walk(dir: string, real: string, state: Walk): void {
  if (state.walked.has(real)) return;
  state.walked.add(real);
  for (const entry of readdirSync(dir, { withFileTypes: true, encoding: 'buffer' })) {
    const name = entry.name.toString('utf8');
    if (!Buffer.from(name, 'utf8').equals(entry.name)) {
      // Said only of what the walk would have read: a folder, or a name it takes.
      if (entry.isDirectory() || entry.isSymbolicLink() || state.accept(name)) {
        state.listing.skipped.push({
          source: join(dir, escapeName(entry.name)),
          message: 'its name is not UTF-8; skipped (rename it to read it)',
        });
      }
      continue;
    }
    visit(join(dir, name), name, entry, state);
  }
}

function visit(path: string, name: string, entry: Dirent<Buffer>, state: Walk): void {
  if (entry.isDirectory()) {
    if (state.recursive) walk(path, realpathSync(path), state);
    return;
  }
  if (entry.isSymbolicLink()) {
    const target = linkedFolder(path);
    if (target === undefined) {
      if (state.accept(name)) state.listing.files.push(path);
    } else if (!state.recursive) {
      return;
    } else if (target === state.root || target.startsWith(state.root.endsWith(sep) ? state.root : state.root + sep)) {
      walk(path, target, state);
    } else {
      state.listing.skipped.push({
        source: path,
        message: `a link to ${target}, a folder outside the one scanned; not followed`,
      });
    }
    return;
  }
  if (state.accept(name)) state.listing.files.push(path);
}

/** The real path of the folder a link leads to; undefined for a link to anything else or to nothing. */
function linkedFolder(path: string): string | undefined {
  try {
    return statSync(path).isDirectory() ? realpathSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** A name's bytes with each byte that is not printable ASCII as `\xNN`. */
function escapeName(name: Buffer): string {
  return [...name]
    .map((byte) =>
      byte >= 0x20 && byte < 0x7f && byte !== 0x5c
        ? String.fromCharCode(byte)
        : `\\x${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

function byBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
