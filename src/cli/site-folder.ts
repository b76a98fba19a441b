import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { CspmError } from '../index.js';
import { siteDataFilePatterns } from '../internal.js';
import { makeDirectories } from './make-directories.js';
import { addPendingFile, dropPendingFile } from './pending-files.js';

/** A file a site holds: its fixed files, or a data chunk of an account shard or a policy (the renderer's names). */
function isSiteFile(path: string, fixed: ReadonlySet<string>): boolean {
  return fixed.has(path) || siteDataFilePatterns.some((pattern) => pattern.test(path));
}

/** Every file below `folder`, `/`-separated, and whether anything there is not a plain file or folder. */
async function filesBelow(folder: string, prefix = ''): Promise<{ files: string[]; strange: string | undefined }> {
  const files: string[] = [];
  for (const entry of await readdir(join(folder, prefix), { withFileTypes: true })) {
    const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) {
      const below = await filesBelow(folder, path);
      if (below.strange !== undefined) return below;
      files.push(...below.files);
    } else if (entry.isFile()) files.push(path);
    else return { files, strange: path };
  }
  return { files, strange: undefined };
}

function refuse(folder: string, why: string): CspmError {
  return new CspmError('usage', `${folder}: ${why}; write the site into a new or empty folder`, {
    data: { option: 'output', path: folder },
  });
}

/**
 * A site's folder, written whole or not at all: the files go into a new folder beside
 * it, which replaces it once every file is written. A reader of the old site never sees
 * half of the new one, a failed build leaves the old site as it was, and the pages of
 * accounts no longer in the inputs go with the old folder.
 *
 * An existing folder is replaced only when it is empty or holds nothing but a site's
 * files: a folder of anything else (the scans themselves, say) is refused, never removed.
 */
export class SiteFolder {
  readonly #target: string;
  readonly #staging: string;
  readonly #replaces: boolean;

  private constructor(target: string, staging: string, replaces: boolean) {
    this.#target = target;
    this.#staging = staging;
    this.#replaces = replaces;
  }

  /**
   * Checks `folder` and makes the new folder beside it.
   *
   * @param fixed the names of the files every site has
   * @throws CspmError `usage` for a folder that is a file, a link, or holds other files; `output-failed`
   */
  static async open(folder: string, fixed: readonly string[]): Promise<SiteFolder> {
    const target = resolve(folder);
    const info = await lstat(target).catch(() => undefined);
    let replaces = false;
    if (info !== undefined) {
      if (info.isSymbolicLink()) throw refuse(folder, 'is a symbolic link');
      if (!info.isDirectory()) throw refuse(folder, 'is a file, not a folder');
      const { files, strange } = await filesBelow(target);
      if (strange !== undefined) throw refuse(folder, `holds ${strange}, which a site does not`);
      const names = new Set(fixed);
      const other = files.find((file) => !isSiteFile(file, names));
      if (other !== undefined) throw refuse(folder, `holds ${other}, which this command did not write`);
      replaces = true;
    }
    const parent = dirname(target);
    await makeDirectories(parent).catch(outputFailed(folder));
    const staging = join(parent, `.${basename(target)}.site-${randomBytes(6).toString('hex')}`);
    await mkdir(staging).catch(outputFailed(folder));
    addPendingFile(staging);
    return new SiteFolder(target, staging, replaces);
  }

  /** Writes one file of the site (a path inside it, `/`-separated) into the new folder. */
  async write(path: string, body: string): Promise<void> {
    const file = join(this.#staging, ...path.split('/'));
    // The site's own names only: a path that left the folder would be a bug, stopped here.
    if (relative(this.#staging, file).startsWith(`..${sep}`)) throw new Error(`${path} is outside the site`);
    await mkdir(dirname(file), { recursive: true }).catch(outputFailed(this.#target));
    await writeFile(file, body, { flag: 'wx' }).catch(outputFailed(join(this.#target, ...path.split('/'))));
  }

  /** Puts the new folder in the place of the old. */
  async commit(): Promise<void> {
    const old = `${this.#staging}.old`;
    let moved = false;
    try {
      if (this.#replaces) {
        await rename(this.#target, old);
        moved = true;
      }
      await rename(this.#staging, this.#target);
    } catch (error) {
      // The old site goes back in place: a failed build never leaves no site where there was one.
      if (moved) await rename(old, this.#target).catch(() => undefined);
      await this.discard();
      throw outputFailed(this.#target)(error);
    }
    dropPendingFile(this.#staging);
    if (this.#replaces) await rm(old, { recursive: true, force: true });
  }

  /** Removes the new folder: the old stays as it was. */
  async discard(): Promise<void> {
    await rm(this.#staging, { recursive: true, force: true });
    dropPendingFile(this.#staging);
  }
}

function outputFailed(path: string): (error: unknown) => never {
  return (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CspmError(
      'output-failed',
      `${path} (${code ?? (error instanceof Error ? error.message : String(error))})`,
      {
        data: { path },
      },
    );
  };
}
