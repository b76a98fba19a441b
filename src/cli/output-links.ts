import { lstat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CspmError } from '../index.js';
import { isProcessStreamPath } from './process-stream-paths.js';

/**
 * Refuses to write `path` through a symbolic link: its own name, and, when it is written
 * under an output folder (`--out-dir`), every folder between that folder and it. A link
 * there (`lake/policies -> elsewhere`, `out/x.html -> ~/.bashrc`) would send the bytes to
 * a place nobody named on the command line, so the run stops and names it. The output
 * folder itself may be a link: the user named it. Paths under /dev and /proc
 * (`/dev/stdout`, a link to the shell's redirection) are streams, written in place.
 *
 * Checked before the folders are made and again before the file is opened, so that a
 * link found either time stops the run before a byte goes through it.
 *
 * @param path the file to be written
 * @param root the output folder it is written under, if any
 * @throws CspmError `output-through-link` naming the link
 */
export async function refuseLinks(path: string, root?: string): Promise<void> {
  const target = resolve(path);
  if (isProcessStreamPath(target)) return;
  for (const place of placesToCheck(target, root)) {
    const info = await lstat(place).catch((error: NodeJS.ErrnoException) => {
      // Nothing there yet, or not a folder: the write says why, and makes nothing through a link.
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw error;
    });
    if (info === undefined) return;
    if (info.isSymbolicLink())
      throw linkError(path, place === target || root === undefined ? path : join(root, relative(resolve(root), place)));
  }
}

/** The folders below `root` down to `target`, then `target`; only `target` without a root or outside it. */
function placesToCheck(target: string, root: string | undefined): string[] {
  if (root === undefined) return [target];
  const below = relative(resolve(root), target);
  if (below === '' || below === '..' || below.startsWith(`..${sep}`) || isAbsolute(below)) return [target];
  const parts = below.split(sep);
  return parts.map((_, index) => join(resolve(root), ...parts.slice(0, index + 1)));
}

function linkError(path: string, link: string): CspmError {
  return new CspmError(
    'output-through-link',
    `${link} is a symbolic link; nothing is written through a link inside an output folder (move it away, or choose another output)`,
    { data: { path, link } },
  );
}

/**
 * {@link refuseLinks} for every file a run plans to write, before it writes the first:
 * a link in the way of its last output stops the run with nothing written.
 */
export async function refuseLinksOfAll(outputs: readonly { path: string; root?: string | undefined }[]): Promise<void> {
  for (const { path, root } of outputs) await refuseLinks(path, root);
}
