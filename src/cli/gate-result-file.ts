import { lstat, rm } from 'node:fs/promises';
import { assertSafeOutputs, isCspmError } from '../index.js';
import { type GateResultRecord, incompleteGateRecord, isGatePresetName, stoppedGateRecord, terminalJson } from '../internal.js';
import { isProcessStreamPath } from './process-stream-paths.js';
import { writeAtomic } from './write-atomic.js';

/** JSON text of a result file, safe to print on a terminal. */
export function gateResultText(file: GateResultRecord): string {
  return terminalJson(`${JSON.stringify(file, null, 2)}\n`);
}

/** The rules files a gate reads: the file, or none for a preset. */
export function rulesFiles(rules: string): string[] {
  return isGatePresetName(rules) ? [] : [rules];
}

/**
 * Fails closed on a run stopped before its verdict (exit 2): the result file states this
 * run's failure, so that CI never reads the pass of an earlier run. When the failure is
 * this very file (a full disk), or its failure cannot be written either, a previous
 * result file is removed instead. A result file that is one of the inputs is never
 * touched. The run's own error is the one to report, so a failure here is not.
 */
export async function writeStoppedResult(path: string, rules: string, inputs: readonly string[], error: unknown): Promise<void> {
  if (isCspmError(error) && error.code === 'output-collision') return;
  try {
    assertSafeOutputs([{ path, from: 'the --result file' }], [...inputs, ...rulesFiles(rules)]);
  } catch {
    return;
  }
  const failedHere = isCspmError(error) && error.code === 'output-failed' && (error.data as { path?: unknown }).path === path;
  if (!failedHere) {
    const written = await writeAtomic(path, gateResultText(stoppedGateRecord(rules, error))).then(
      () => true,
      () => false,
    );
    if (written) return;
  }
  await removeStaleResult(path);
}

/**
 * Writes, as a gate run starts, a result file that fails with `gate-incomplete`, which
 * the run replaces when it ends. A run killed before its verdict (SIGKILL, a CI job's
 * time limit, a signal during a parse, when no handler runs) thereby leaves a failure
 * behind, never the pass of an earlier run. Only a regular file (or none yet) is
 * written: a device or `/dev/stdout` gets the verdict alone. A result file that is a
 * named input is refused here, as it would be after the run.
 */
export async function writeIncompleteResult(path: string, rules: string, inputs: readonly string[]): Promise<void> {
  assertSafeOutputs([{ path, from: 'the --result file' }], [...inputs, ...rulesFiles(rules)]);
  if (isProcessStreamPath(path)) return;
  const info = await lstat(path).catch(() => undefined);
  if (info !== undefined && !info.isFile()) return;
  await writeAtomic(path, gateResultText(incompleteGateRecord(rules)));
}

/** Removes a regular file left by an earlier run; never a device or a descriptor (`/dev/stdout`). */
async function removeStaleResult(path: string): Promise<void> {
  const info = await lstat(path).catch(() => undefined);
  if (info?.isFile() && !isProcessStreamPath(path)) await rm(path, { force: true }).catch(() => undefined);
}
