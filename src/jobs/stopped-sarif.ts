import { isCspmError } from '../error/cspm-error.js';
import { exitCodeOf } from '../error/error-codes.js';
import { exitCodes } from '../error/exit-codes.js';
import { stoppedSarifLog } from '../render/findings/sarif/stopped-run.js';
import { assertSafeOutputs } from './output-guard.js';

/** Errors about the outputs themselves: writing any of them could be the harm refused. */
const outputRefusals = new Set(['output-collision', 'output-is-input']);

/** What {@link writeStoppedSarif} needs of the stopped run. */
export interface StoppedSarifOptions {
  /** The SARIF outputs the run was asked for (files only: standard output has nothing to upload). */
  paths: readonly string[];
  /** Files the run reads, never to be written over. */
  readFiles: readonly string[];
  /** The error in one line, as the run tells it. */
  message: string;
  /** Writes a whole file (the command line: atomically); its failure is not reported. */
  write: (path: string, text: string) => Promise<void>;
}

/**
 * Writes into the SARIF outputs of a run of check, gate or diff that stopped with exit
 * code 2 (a usage error, a missing or unreadable input or rules file, …) a log of the
 * failure (stoppedSarifLog): code scanning's upload step then uploads the failure,
 * instead of failing on a missing file and hiding the error. Nothing is written for an
 * error about the outputs themselves, over a file the run reads, or to the output whose
 * write failed. The run's own error is the one to tell, so a failure here is not.
 */
export async function writeStoppedSarif(error: unknown, options: StoppedSarifOptions): Promise<void> {
  const code = isCspmError(error) ? error.code : 'internal';
  if (exitCodeOf(code) !== exitCodes.usage || outputRefusals.has(code)) return;
  const failedPath =
    isCspmError(error) && error.code === 'output-failed' ? (error.data as { path?: unknown }).path : undefined;
  const text = stoppedSarifLog({ code, message: options.message });
  for (const path of options.paths.filter((candidate) => candidate !== failedPath)) {
    try {
      assertSafeOutputs([{ path, from: 'the sarif result' }], options.readFiles);
    } catch {
      continue;
    }
    await options.write(path, text).catch(() => undefined);
  }
}
