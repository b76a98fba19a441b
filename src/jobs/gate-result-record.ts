import type { Analysis } from '../model/analysis.js';
import type { ExceptionsRecord } from '../model/exceptions.js';
import type { GateResult } from '../model/gate.js';
import type { RunSettings } from '../model/run-settings.js';
import { isCspmError } from '../error/cspm-error.js';
import { exitCodeOf } from '../error/error-codes.js';
import { findingWeight } from '../model/capped-findings.js';

/** The record of a gate run (`cspm-report gate --result`): the verdict, every assertion, and the check's counts. */
export interface GateResultRecord extends GateResult {
  /** The run's exit code; null in the record a run writes as it starts, replaced when it ends. */
  exitCode: number | null;
  summary?: Analysis['summary'] & { percentFormula: Analysis['percentFormula'] };
  files?: { file: string; reports: number; policies: number; errors: number; warnings: number }[];
  /** Why the run stopped before a verdict (missing input, invalid rules file, …). */
  error?: { code: string; message: string };
  /**
   * The settings the run was made with, when a config file set options: the file, its SHA-256, each option in force.
   */
  runSettings?: RunSettings;
  /** Caveats of the run that leave its verdict as it is (a merge without its input files): absent when none. */
  notes?: string[];
  /**
   * What the run's exceptions did (`--exceptions`): each file's path and SHA-256, the ids applied, each one's state.
   */
  exceptions?: ExceptionsRecord;
}

/** The record of a run that reached a verdict. */
export function gateResultRecord(gate: GateResult, analysis: Analysis, exitCode: number): GateResultRecord {
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
      errors: source.findings.reduce(
        (sum, finding) => sum + (finding.severity === 'error' ? findingWeight(finding) : 0),
        0,
      ),
      warnings: source.findings.reduce(
        (sum, finding) => sum + (finding.severity === 'warning' ? findingWeight(finding) : 0),
        0,
      ),
    })),
  };
}

/** The record of a run stopped before its verdict: it fails, so that CI never reads a stale pass. */
export function failedGateRecord(
  rulesFile: string,
  exitCode: number | null,
  error: { code: string; message: string },
): GateResultRecord {
  return { rulesFile, status: 'fail', assertions: [], exitCode, error };
}

/** The record of a run stopped by `error` (thrown by the gate or before it): its code, message and exit code. */
export function stoppedGateRecord(rulesFile: string, error: unknown): GateResultRecord {
  const code = isCspmError(error) ? error.code : 'internal';
  const message = error instanceof Error ? error.message : String(error);
  return failedGateRecord(rulesFile, exitCodeOf(code), { code, message });
}

/**
 * The record of a run that has not ended, which a run states as it starts and replaces
 * when it ends: a run killed before its verdict thereby leaves a failure behind.
 */
export function incompleteGateRecord(rulesFile: string): GateResultRecord {
  const error = {
    code: 'gate-incomplete',
    message:
      'the gate run that writes this file has not ended: it is still running, or it was stopped (a signal, a kill, a time limit) before its verdict',
  };
  return failedGateRecord(rulesFile, null, error);
}
