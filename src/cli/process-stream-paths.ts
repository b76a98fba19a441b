import { lstatSync, readlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Folders of ordinary files under /dev, where an output is replaced like anywhere else. */
const fileSystemsUnderDev = ['/dev/shm/', '/dev/mqueue/'];

/** Link hops followed before giving up, as the kernel's own limit on a path. */
const maxLinks = 40;

/**
 * True when `path`, or a symbolic link on the way to it, lies under /dev or /proc: a
 * device or a descriptor of some process (`/dev/fd/3`, `/proc/self/fd/2`). Its stat
 * may say "regular file" (a descriptor the shell redirected into a file), and a rename
 * would then replace the redirect target's folder entry: such a path is written in place.
 */
export function isProcessStreamPath(path: string): boolean {
  if (process.platform === 'win32') return false;
  let current = resolve(path);
  for (let hop = 0; hop <= maxLinks; hop += 1) {
    if (isUnderDevOrProc(current)) return true;
    const target = linkTarget(current);
    if (target === undefined) return false;
    current = resolve(dirname(current), target);
  }
  return false;
}

function isUnderDevOrProc(path: string): boolean {
  if (path.startsWith('/proc/')) return true;
  return path.startsWith('/dev/') && !fileSystemsUnderDev.some((folder) => path.startsWith(folder));
}

function linkTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}
