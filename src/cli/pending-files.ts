import { rmSync } from 'node:fs';
import { dispatchStopSignal } from './stop-signals.js';

/**
 * Temporary files being written right now. A signal ends the process without running
 * the `finally` blocks of pending writes, so the signal handler (installed by the
 * command line, see bin.ts) removes what is listed here.
 */
const pending = new Set<string>();

/** Lists a temporary file while it is being written. */
export function addPendingFile(path: string): void {
  pending.add(path);
}

/** Forgets a temporary file once it was renamed into place or removed. */
export function dropPendingFile(path: string): void {
  pending.delete(path);
}

/** Removes every temporary file still being written; synchronous, for a signal handler. */
export function removePendingFiles(): void {
  for (const path of pending) rmSync(path, { force: true });
  pending.clear();
}

/**
 * On SIGINT and SIGTERM, removes the temporary files of unfinished writes and exits
 * with the shell's code for the signal (128 + its number: 130, 143). Only the command
 * line calls this: a library does not take over a process's signals. A command that
 * claimed the signal (see stop-signals.ts) gets it instead; a second one then ends the
 * process the default way.
 */
export function removePendingFilesOnSignals(exit: (code: number) => never): void {
  const signals = { SIGINT: 130, SIGTERM: 143 } as const;
  for (const [signal, code] of Object.entries(signals)) {
    process.once(signal, () => {
      if (dispatchStopSignal(signal as NodeJS.Signals)) return;
      removePendingFiles();
      exit(code);
    });
  }
}
