import { statSync } from 'node:fs';

/**
 * The files and scans a site has read, so that one scan given twice (the same file under
 * two names, or the same JobId of an account in two files) counts once: a repeat would
 * show a change of 0 between a scan and itself.
 */
export class SeenScans {
  readonly #files = new Map<string, string>();
  readonly #jobs = new Map<string, string>();

  /** The path read before that is this same file (same device and inode), else undefined; notes this one. */
  sameFile(path: string): string | undefined {
    let info;
    try {
      info = statSync(path);
    } catch {
      // Left to the loader, which says why it cannot be read.
      return undefined;
    }
    const key = `${info.dev}:${info.ino}`;
    const first = this.#files.get(key);
    if (first === undefined) this.#files.set(key, path);
    return first;
  }

  /** The source read before that held this JobId of this series, else undefined; notes this one. */
  sameScan(source: string, jobId: string, series: string): string | undefined {
    if (jobId.trim() === '') return undefined;
    const key = `${series}\u0000${jobId}`;
    const first = this.#jobs.get(key);
    if (first === undefined) this.#jobs.set(key, source);
    return first;
  }
}
