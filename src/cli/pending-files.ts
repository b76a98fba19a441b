import { rmSync } from 'node:fs';
import { handleStopSignals, holdStopSignals } from './stop-signals.js';

/**
 * Temporary files being written right now. A signal ends the process without running
 * the `finally` blocks of pending writes, so while any is listed a stop signal removes
 * them first (see stop-signals.ts; installed by the command line, see bin.ts).
 */
const pending = new Set<string>();
let release: (() => void) | undefined;

/** Lists a temporary file while it is being written. */
export function addPendingFile(path: string): void {
  pending.add(path);
  release ??= holdStopSignals();
}

/** Forgets a temporary file once it was renamed into place or removed. */
export function dropPendingFile(path: string): void {
  pending.delete(path);
  if (pending.size === 0 && release !== undefined) {
    release();
    release = undefined;
  }
}

/** Removes every temporary file (or folder: a query's spill folder) still in use; synchronous, for a signal handler. */
export function removePendingFiles(): void {
  for (const path of pending) rmSync(path, { force: true, recursive: true });
  pending.clear();
}

/**
 * On SIGINT and SIGTERM while a temporary file is being written, removes it and exits
 * with the shell's code for the signal (130, 143); at any other time the signal ends
 * the process at once (see stop-signals.ts). Only the command line calls this.
 */
export function removePendingFilesOnSignals(exit: (code: number) => never): void {
  handleStopSignals((code) => {
    removePendingFiles();
    exit(code);
  });
}
