import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';

/**
 * A file or folder under the system's temporary folder, kept for later runs of the suite:
 * made by `build` at a path of its own beside it and renamed into place complete, so a
 * file run beside it never reads half of one; made again when `complete` says the one
 * found is not (a cleaner of old temporary files took part of it). When another run put
 * its own there first, the complete one stays and this one goes.
 */
export async function keptTemporary(
  name: string,
  build: (path: string) => void | Promise<void>,
  complete: (path: string) => boolean = existsSync,
): Promise<string> {
  const path = join(tmpdir(), name);
  if (complete(path)) return path;
  mkdirSync(dirname(path), { recursive: true });
  const building = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await build(building);
  try {
    renameSync(building, path);
  } catch {
    // A folder cannot be renamed over another.
    if (complete(path)) {
      rmSync(building, { recursive: true, force: true });
      return path;
    }
    rmSync(path, { recursive: true, force: true });
    renameSync(building, path);
  }
  return path;
}
