import { type Analysis, type GateResult } from '../index.js';
import { terminalJson } from '../internal.js';

/** The `--result` file of `cspm-report gate`: the verdict, every assertion, and the check's counts. */
export interface GateResultFile extends GateResult {
  exitCode: number;
  summary?: Analysis['summary'] & { percentFormula: Analysis['percentFormula'] };
  files?: { file: string; reports: number; policies: number; errors: number; warnings: number }[];
  /** Why the run stopped before a verdict (missing input, invalid rules file, …). */
  error?: { code: string; message: string };
}

/** The result file of a run that reached a verdict. */
export function gateResultFile(gate: GateResult, analysis: Analysis, exitCode: number): GateResultFile {
  return {
    ...gate,
    exitCode,
    summary: { ...analysis.summary, percentFormula: analysis.percentFormula },
    files: analysis.sources.map((source) => ({
      file: source.source,
      reports: source.reportCount,
      policies: source.policies,
      errors: source.findings.filter((finding) => finding.severity === 'error').length,
      warnings: source.findings.filter((finding) => finding.severity === 'warning').length,
    })),
  };
}

/** The result file of a run stopped by an error: it fails, so that CI never reads a stale pass. */
export function failedResultFile(rulesFile: string, exitCode: number, error: { code: string; message: string }): GateResultFile {
  return { rulesFile, status: 'fail', assertions: [], exitCode, error };
}

/** JSON text of a result file, safe to print on a terminal. */
export function gateResultText(file: GateResultFile): string {
  return terminalJson(`${JSON.stringify(file, null, 2)}\n`);
}
