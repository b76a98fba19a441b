import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Every `*.json` file under `dir`, recursively, in a stable order (byte order of the
 * relative paths), so that runs on different machines list files alike.
 */
export async function listJsonFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
