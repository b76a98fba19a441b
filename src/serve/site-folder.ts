import { realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CspmError } from '../error/cspm-error.js';

/** A refusal of `--site FOLDER`: one line naming the folder, a usage error (exit code 2). */
function refuseFolder(folder: string, why: string): CspmError {
  return new CspmError('usage', `--site ${folder}: ${why}`, { data: { option: 'site', path: folder } });
}

/**
 * The real path of a built site's folder (`cspm-report site -o FOLDER`), checked before
 * the emulator listens: a folder that is missing, is not a folder or holds no index.html
 * would otherwise answer 404 to every page, which looks like a server fault rather than
 * the wrong folder given. Its real path is what served files are kept within, so that a
 * folder given through a symbolic link still serves its own files.
 */
export async function resolveSiteFolder(folder: string): Promise<string> {
  let root: string;
  try {
    root = await realpath(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw refuseFolder(folder, code === 'ENOENT' || code === 'ENOTDIR' ? 'no such folder' : 'cannot be read');
  }
  if (!(await stat(root)).isDirectory()) throw refuseFolder(folder, 'not a folder');
  const index = await stat(join(root, 'index.html')).catch(() => undefined);
  if (!index?.isFile())
    throw refuseFolder(folder, 'holds no index.html (build a site into it with cspm-report site INPUT… -o FOLDER)');
  return root;
}
