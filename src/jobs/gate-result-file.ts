import { isCspmError } from '../error/cspm-error.js';
import { isGatePresetName } from '../gate/presets/gate-presets.js';
import { terminalJson } from '../text/terminal-text.js';
import { incompleteGateRecord, stoppedGateRecord, type GateResultRecord } from './gate-result-record.js';
import { assertSafeOutputs } from './output-guard.js';

/**
 * The file system as a result file needs it: the caller's, which owns the writes (the
 * command line replaces a file atomically).
 */
export interface ResultFileSystem {
  /** Writes the whole text to `path`, replacing what was there. */
  write(path: string, text: string): Promise<void>;
  /**
   * What `path` is: a regular file a run may replace, nothing yet, or anything else (a
   * device, a descriptor path such as `/dev/stdout`, a folder, a link), which is never
   * written ahead of the verdict nor removed.
   */
  kindAt(path: string): Promise<'file' | 'none' | 'other'>;
  /** Removes the regular file at `path`; its failure is not the run's. */
  remove(path: string): Promise<void>;
}

/** A gate's result file (`gate --result`) through a run: see {@link gateResultFile}. */
export interface GateResultFile {
  path: string;
  /** How messages name the file (`the result file`). */
  name: string;
  /** States, as the run starts, a failure (`gate-incomplete`) that the run's end replaces. */
  start(): Promise<void>;
  /** Writes the record of the run's verdict. */
  finish(record: GateResultRecord): Promise<void>;
  /** States why the run stopped before its verdict; the second call for one run does nothing. */
  stop(error: unknown): Promise<void>;
}

/** The JSON text of a result record, safe to print on a terminal. */
export function gateResultText(record: GateResultRecord): string {
  return terminalJson(`${JSON.stringify(record, null, 2)}\n`);
}

/** The rules files a gate reads: the file, or none for a preset. */
export function rulesFilesOf(rules: string): string[] {
  return isGatePresetName(rules) ? [] : [rules];
}

/**
 * The result file of a gate run, which fails closed: CI must never read the pass of an
 * earlier run. As the run starts it states a failure (`gate-incomplete`), so that a
 * run killed before its verdict (SIGKILL, a CI job's time limit) leaves a failure
 * behind; a device or a descriptor path gets the verdict alone. A run stopped by an
 * error states that error; when the error is this very file (a full disk), or the
 * error cannot be written either, a previous result file is removed instead. A result
 * file that is one of the run's inputs is refused as the run starts, and never touched.
 *
 * @param rules  the rules file or preset, which the records name
 * @param inputs the files the run reads (standard input left out)
 * @param name   how messages name the file
 */
export function gateResultFile(
  path: string,
  rules: string,
  inputs: readonly string[],
  files: ResultFileSystem,
  name = 'the result file',
): GateResultFile {
  const guard = (): void => assertSafeOutputs([{ path, from: name }], [...inputs, ...rulesFilesOf(rules)]);
  let stopped = false;
  return {
    path,
    name,
    async start() {
      guard();
      if ((await files.kindAt(path)) === 'other') return;
      await files.write(path, gateResultText(incompleteGateRecord(rules)));
    },
    finish: (record) => files.write(path, gateResultText(record)),
    async stop(error) {
      if (stopped) return;
      stopped = true;
      if (isCspmError(error) && error.code === 'output-collision') return;
      try {
        guard();
      } catch {
        return;
      }
      // The run's own error is the one to report, so a failure here is not.
      const failedHere =
        isCspmError(error) && error.code === 'output-failed' && (error.data as { path?: unknown }).path === path;
      if (!failedHere) {
        const written = await files.write(path, gateResultText(stoppedGateRecord(rules, error))).then(
          () => true,
          () => false,
        );
        if (written) return;
      }
      if ((await files.kindAt(path).catch(() => 'other')) === 'file') await files.remove(path).catch(() => undefined);
    },
  };
}
