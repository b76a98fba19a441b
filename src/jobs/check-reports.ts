import type { FailOn } from '../model/fail-closed.js';
import type { ReportInput } from '../load/load-reports.js';
import type { Analysis } from '../model/analysis.js';
import type { AcceptedRisks } from '../model/exceptions.js';
import type { RunSettings } from '../model/run-settings.js';
import type { Verdict } from '../model/verdict.js';
import { analyseFiles, type FilesRunOptions } from './analyse-files.js';
import { analyseInputs } from './analyse-inputs.js';
import { checkVerdict } from './verdicts.js';
import {
  acceptedRisksOf,
  exceptionPolicyIds,
  runExceptionsOf,
  type ExceptionsOptions,
} from './exceptions/run-exceptions.js';

/**
 * Options of {@link checkReports}. Exceptions never change a check's verdict, which is
 * about the reports' data, not their posture: the result tells what they accept.
 */
export interface CheckOptions extends FiguresOnlyOptions, ExceptionsOptions {
  /** The lowest finding severity that fails the check (default `error`). */
  failOn?: FailOn;
}

/**
 * The analysis options of check and gate: the loader's, the analysis's, and how much of each report the result keeps.
 */
export interface FiguresOnlyOptions extends FilesRunOptions {
  /**
   * Keep each report's figures, names and findings but not its policies (see
   * AnalysedCategory.keptPolicies), and analyse files on up to `jobs` worker threads:
   * what a run over thousands of files needs, and all check and gate read. By default
   * the result holds every report whole and `jobs` is not used.
   */
  figuresOnly?: boolean;
  /**
   * With `figuresOnly`, keep the figures of every category too, for an output that lists
   * them (`-f json`); else only those the findings point into (and, for a gate, those
   * its rules name) are kept.
   */
  allCategories?: boolean;
  /**
   * The settings the run was made with (its config file, each option in force): the
   * result holds them as given, for its outputs to record. The CLI gives them when a
   * config file set options; a library user may give their own.
   */
  runSettings?: RunSettings;
}

/** A check: the analysis of every input and its verdict. */
export interface CheckResult {
  analysis: Analysis;
  verdict: Verdict;
  /** The options' `runSettings`, when given. */
  runSettings?: RunSettings;
  /** What the run's exceptions did, when it was given any: their files, states and the policies they accept. */
  exceptions?: AcceptedRisks;
}

/**
 * Checks reports: loads, validates and analyses them, and judges the result. It fails
 * (exit code 1) on findings at or above `failOn`, and whenever no input holds a valid
 * report, whatever rules were turned off: nothing passes on nothing. Given exceptions, it
 * reads them before the inputs (a file that does not check fails the run, never reads as
 * none) and tells what they accept; the verdict stays the data's.
 *
 * @throws CspmError `exceptions-invalid` for an exceptions file that does not parse or check
 */
export async function checkReports(
  input: ReportInput | readonly ReportInput[],
  options: CheckOptions = {},
): Promise<CheckResult> {
  const runExceptions = runExceptionsOf(options);
  // A figures-only run keeps the policies the exceptions name, which judging them reads.
  const keep = {
    ...(options.allCategories === true || runExceptions !== undefined ? { categories: 'all' as const } : {}),
    ...(runExceptions === undefined ? {} : { policyIds: new Set(exceptionPolicyIds(runExceptions)) }),
  };
  const analysis =
    options.figuresOnly === true
      ? await analyseFiles(input, { ...options, keep })
      : await analyseInputs(input, options);
  return {
    analysis,
    verdict: checkVerdict(analysis, options.failOn ?? 'error'),
    ...(options.runSettings === undefined ? {} : { runSettings: options.runSettings }),
    ...(runExceptions === undefined ? {} : { exceptions: acceptedRisksOf(analysis, runExceptions, options) }),
  };
}
