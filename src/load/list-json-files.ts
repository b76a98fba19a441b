import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Every `*.json` entry under `dir`, recursively, in a stable order (byte order of the
 * paths), so that runs on different machines list files alike.
 *
 * Symbolic links are followed, to files and to folders alike: a linked report is
 * checked like any other, so that a link cannot carry a broken report past a CI check
 * unseen. A folder reached twice (a link loop, or two links to one folder) is walked
 * once. A `*.json` entry that is not a regular file (a dangling link, a pipe, a
 * device) is listed all the same: reading it then fails with a clear error naming it,
 * rather than the run passing without it.
 */
export async function listJsonFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  const walked = new Set<string>();
  await walk(dir, files, walked);
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

async function walk(dir: string, files: string[], walked: Set<string>): Promise<void> {
  const real = await realpath(dir);
  if (walked.has(real)) return;
  walked.add(real);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const isJson = entry.name.toLowerCase().endsWith('.json');
    if (entry.isDirectory()) {
      await walk(path, files, walked);
    } else if (entry.isSymbolicLink()) {
      const target = await stat(path).catch(() => undefined);
      if (target?.isDirectory()) await walk(path, files, walked);
      else if (isJson) files.push(path);
    } else if (isJson) {
      files.push(path);
    }
  }
}
