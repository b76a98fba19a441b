import { statSync } from 'node:fs';
import type { ReportInput } from '../load/load-reports.js';

/**
 * The files and scans a trend or a site has read, so that one scan given twice (`trend
 * a.json a.json`, a link to it, a copy under another name, the same JobId of an account in
 * two files) counts once: a repeat would weigh the trend towards it and show a change of
 * 0 between a scan and itself.
 */
export class SeenScans {
  readonly #files = new Map<string, string>();
  readonly #jobs = new Map<string, string>();

  /** The input read before that is this same file (same device and inode), else undefined; notes this one. */
  sameFile(input: ReportInput): string | undefined {
    const path = typeof input === 'string' ? input : 'path' in input ? input.path : undefined;
    if (path === undefined) return undefined;
    // Synchronous, as the loader reads each file: a promise per scan cost a year of daily scans
    // 30 ms of round trips to the thread pool. A file that cannot be stat'ed is left to the loader, which says why.
    let info;
    try {
      info = statSync(path);
    } catch {
      return undefined;
    }
    const key = `${info.dev}:${info.ino}`;
    const first = this.#files.get(key);
    if (first === undefined) this.#files.set(key, path);
    return first;
  }

  /**
   * The source read before that held the scan of this JobId, else undefined; notes this
   * one. `series` keeps apart the scans of different accounts, whose jobs may share ids.
   */
  sameScan(source: string, jobId: string, series = ''): string | undefined {
    if (jobId.trim() === '') return undefined;
    const key = `${series}\u0000${jobId}`;
    const first = this.#jobs.get(key);
    if (first === undefined) this.#jobs.set(key, source);
    return first;
  }
}
