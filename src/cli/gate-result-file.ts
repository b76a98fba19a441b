import { lstat, rm } from 'node:fs/promises';
import { type Analysis, type GateResult, isCspmError, type RunSettings } from '../index.js';
import { exitCodeOf, findingWeight, isGatePresetName, terminalJson } from '../internal.js';
import { assertSafeOutputs } from './output-guard.js';
import { isProcessStreamPath } from './process-stream-paths.js';
import { writeAtomic } from './write-atomic.js';

/** The `--result` file of `cspm-report gate`: the verdict, every assertion, and the check's counts. */
export interface GateResultFile extends GateResult {
  /** The run's exit code; null in the file a run writes as it starts, replaced when it ends. */
  exitCode: number | null;
  summary?: Analysis['summary'] & { percentFormula: Analysis['percentFormula'] };
  files?: { file: string; reports: number; policies: number; errors: number; warnings: number }[];
  /** Why the run stopped before a verdict (missing input, invalid rules file, …). */
  error?: { code: string; message: string };
  /** The settings the run was made with, when a config file set options: the file, its SHA-256, each option in force. */
  runSettings?: RunSettings;
  /** Caveats of the run that leave its verdict as it is (a merge without its input files): absent when none. */
  notes?: string[];
}

/** The result file of a run that reached a verdict. */
export function gateResultFile(gate: GateResult, analysis: Analysis, exitCode: number): GateResultFile {
  return {
    ...gate,
    // The exit code's verdict: inputs that cannot be trusted fail the run (1) whatever the assertions say.
    status: exitCode === 0 ? gate.status : 'fail',
    exitCode,
    summary: { ...analysis.summary, percentFormula: analysis.percentFormula },
    files: analysis.sources.map((source) => ({
      file: source.source,
      reports: source.reportCount,
      policies: source.policies,
      // A finding that stands for those past the listing limit counts for all of them.
      errors: source.findings.reduce((sum, finding) => sum + (finding.severity === 'error' ? findingWeight(finding) : 0), 0),
      warnings: source.findings.reduce((sum, finding) => sum + (finding.severity === 'warning' ? findingWeight(finding) : 0), 0),
    })),
  };
}

/** The result file of a run stopped by an error: it fails, so that CI never reads a stale pass. */
export function failedResultFile(rulesFile: string, exitCode: number | null, error: { code: string; message: string }): GateResultFile {
  return { rulesFile, status: 'fail', assertions: [], exitCode, error };
}

/** JSON text of a result file, safe to print on a terminal. */
export function gateResultText(file: GateResultFile): string {
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
    const code = isCspmError(error) ? error.code : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    const written = await writeAtomic(path, gateResultText(failedResultFile(rules, exitCodeOf(code), { code, message }))).then(
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
  const error = { code: 'gate-incomplete', message: 'the gate run that writes this file has not ended: it is still running, or it was stopped (a signal, a kill, a time limit) before its verdict' };
  await writeAtomic(path, gateResultText(failedResultFile(rules, null, error)));
}

/** Removes a regular file left by an earlier run; never a device or a descriptor (`/dev/stdout`). */
async function removeStaleResult(path: string): Promise<void> {
  const info = await lstat(path).catch(() => undefined);
  if (info?.isFile() && !isProcessStreamPath(path)) await rm(path, { force: true }).catch(() => undefined);
}
