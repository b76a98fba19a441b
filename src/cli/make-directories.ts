import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/**
 * Creates `dir` and its missing parents, one level at a time.
 *
 * Not `mkdir(dir, { recursive: true })`: on Node 20 that loops for ever on some file
 * systems that refuse a new folder with ENOENT (a path under /proc spins at full CPU).
 * Here each missing level is created once, and the first refusal is thrown.
 */
export async function makeDirectories(dir: string): Promise<void> {
  const missing: string[] = [];
  let current = resolve(dir);
  for (;;) {
    const info = await stat(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (info) {
      if (!info.isDirectory())
        throw Object.assign(new Error(`ENOTDIR: ${current} is not a folder`), { code: 'ENOTDIR' });
      break;
    }
    missing.push(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const folder of missing.reverse()) {
    await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST')
        throw Object.assign(error, { message: `${error.code ?? 'error'}: cannot create folder ${folder}` });
    });
  }
}
