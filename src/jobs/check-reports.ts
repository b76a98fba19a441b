import type { FailOn } from '../analyse/fail-closed.js';
import type { ReportInput } from '../load/load-reports.js';
import type { Analysis } from '../model/analysis.js';
import type { Verdict } from '../model/verdict.js';
import { analyseInputs, type AnalyseInputsOptions } from './analyse-inputs.js';
import { checkVerdict } from './verdicts.js';

/** Options of {@link checkReports}. */
export interface CheckOptions extends AnalyseInputsOptions {
  /** The lowest finding severity that fails the check (default `error`). */
  failOn?: FailOn;
}

/** A check: the analysis of every input and its verdict. */
export interface CheckResult {
  analysis: Analysis;
  verdict: Verdict;
}

/**
 * Checks reports: loads, validates and analyses them, and judges the result. It fails
 * (exit code 1) on findings at or above `failOn`, and whenever no input holds a valid
 * report, whatever rules were turned off: nothing passes on nothing.
 */
export async function checkReports(input: ReportInput | readonly ReportInput[], options: CheckOptions = {}): Promise<CheckResult> {
  const analysis = await analyseInputs(input, options);
  return { analysis, verdict: checkVerdict(analysis, options.failOn ?? 'error') };
}
