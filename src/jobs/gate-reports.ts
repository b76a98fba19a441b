import { diffAnalyses } from '../analyse/diff/diff-analyses.js';
import { canBeCompared, type FailOn } from '../model/fail-closed.js';
import { assertBaselineGiven } from '../gate/baseline.js';
import { evaluateGate } from '../gate/evaluate-gate.js';
import { loadGateRules } from '../gate/load-gate-rules.js';
import { untrustedInputs } from '../gate/untrusted-inputs.js';
import type { ReportInput } from '../load/load-reports.js';
import type { Analysis } from '../model/analysis.js';
import type { DiffResult } from '../model/diff.js';
import type { GateResult } from '../model/gate.js';
import type { GateRules } from '../model/gate-rules.js';
import type { RunSettings } from '../model/run-settings.js';
import type { Verdict } from '../model/verdict.js';
import { exitCodes } from '../error/exit-codes.js';
import { analyseInputs } from './analyse-inputs.js';
import { analyseFiles } from './analyse-files.js';
import type { FiguresOnlyOptions } from './check-reports.js';
import { assertScansInOrder } from './scan-order.js';
import { comparisonProblem, failed, failedFor, inputsProblem, passed } from './verdicts.js';
import { failedGateRecord, gateResultRecord, type GateResultRecord } from './gate-result-record.js';
import { type GateResultFile, rulesFilesOf } from './gate-result-file.js';
import { analysedFiles, assertSafeOutputs, type PlannedOutput } from './output-guard.js';
import {
  acceptedRisksOf,
  exceptionPolicyIds,
  exceptionsRecord,
  runExceptionsOf,
  type ExceptionsOptions,
} from './exceptions/run-exceptions.js';
import type { AcceptedRisks } from '../model/exceptions.js';

/** Options of {@link gateReports}. */
export interface GateReportsOptions extends FiguresOnlyOptions, ExceptionsOptions {
  /** A rules file (JSON or YAML), a preset name (`cspm:recommended`), or rules already loaded. */
  rules: string | GateRules;
  /** An older scan, for the metrics that compare with one (regressions, compliancePercentDrop). */
  baseline?: ReportInput;
  /** The lowest finding severity that makes an input untrusted (default `error`). */
  failOn?: FailOn;
  /** Compare with a baseline of another account or benchmark, in the wrong order, or the same scan. */
  allowMismatch?: boolean;
  /**
   * The files the caller will write (findings outputs): one that is an input, the
   * baseline or the rules file, or two that are one file, refuse the run once the
   * inputs are read, before the verdict is returned (see assertSafeOutputs).
   */
  outputs?: readonly PlannedOutput[];
  /**
   * The run's result file (see gateResultFile): a failure as the run starts, the record when it ends, the error when
   * it stops.
   */
  resultFile?: GateResultFile;
}

/** A gate: the analysis, the baseline's when one was given, the verdict of every assertion. */
export interface GateReportsResult {
  rules: GateRules;
  analysis?: Analysis;
  /** The baseline's analysis, when one was given. */
  baseline?: Analysis;
  /** The inputs compared with the baseline. */
  diff?: DiffResult;
  /** The assertions' verdict; absent when the baseline did not check (then nothing was evaluated). */
  gate?: GateResult;
  verdict: Verdict;
  /** The options' `runSettings`, when given. */
  runSettings?: RunSettings;
  /** What the run's exceptions did, when it was given any: their files, states and the policies they accept. */
  exceptions?: AcceptedRisks;
  /**
   * The run's record, as `gate --result` writes it: the gate's status, made `fail` when
   * the verdict fails for untrusted inputs, with the exit code and the check's counts; a
   * failure with the error `baseline-invalid` when the baseline did not check.
   */
  record: GateResultRecord;
}

/**
 * Holds reports to a rules file's posture assertions: checks the baseline first (when
 * given) and refuses to evaluate on one that does not check, then checks the inputs,
 * compares them with the baseline and evaluates every assertion. It fails closed: on
 * inputs that hold no valid report or one that did not parse or validate (exit code 1,
 * which wins over a failed assertion's 3), and on a report of the baseline that the
 * inputs lost. With a `resultFile`, the run states its failure there as it starts, its
 * record when it ends, and the error that stopped it (see gateResultFile).
 *
 * @throws CspmError for rules that cannot be read, a missing or unreadable input, a
 *         baseline of another account, in the wrong order or the same scan (unless
 *         `allowMismatch`); `output-is-input` or `output-collision` for the `outputs`
 *         and the result file
 */
export async function gateReports(
  input: ReportInput | readonly ReportInput[],
  options: GateReportsOptions,
): Promise<GateReportsResult> {
  const { resultFile } = options;
  if (resultFile === undefined) return guarded(await gateRun(input, options), options);
  try {
    await resultFile.start();
    const result = guarded(await gateRun(input, options), options);
    // Before the caller writes its outputs: a run killed while it writes them leaves its verdict behind.
    await resultFile.finish(result.record);
    return result;
  } catch (error) {
    await resultFile.stop(error);
    throw error;
  }
}

/** The result once its outputs are known not to land on what it read (see `GateReportsOptions.outputs`). */
function guarded(result: GateReportsResult, options: GateReportsOptions): GateReportsResult {
  const outputs = [
    ...(options.outputs ?? []),
    ...(options.resultFile === undefined ? [] : [{ path: options.resultFile.path, from: options.resultFile.name }]),
  ];
  const rulesFiles = typeof options.rules === 'string' ? rulesFilesOf(options.rules) : [];
  const exceptionsFiles = (result.exceptions?.files ?? []).map((file) => file.path);
  const read = [
    ...(result.analysis ? analysedFiles(result.analysis) : []),
    ...(result.baseline ? analysedFiles(result.baseline) : []),
    ...rulesFiles,
    ...exceptionsFiles,
  ];
  assertSafeOutputs(outputs, read);
  return result;
}

async function gateRun(
  input: ReportInput | readonly ReportInput[],
  options: GateReportsOptions,
): Promise<GateReportsResult> {
  const rules = typeof options.rules === 'string' ? await loadGateRules(options.rules) : options.rules;
  assertBaselineGiven(rules, options.baseline !== undefined);
  const failOn = options.failOn ?? 'error';
  let baseline: Analysis | undefined;
  if (options.baseline !== undefined) {
    // The baseline first: an older scan that does not check cannot tell what changed.
    baseline = await analyseInputs(options.baseline, options);
    if (!canBeCompared(baseline, failOn)) {
      const problem = comparisonProblem(baseline, failOn, 'the baseline') as string;
      const verdict = failed(exitCodes.findings, `${problem}: gate not evaluated`);
      const rulesFile = typeof options.rules === 'string' ? options.rules : rules.file;
      const record = {
        ...failedGateRecord(rulesFile, verdict.exitCode, {
          code: 'baseline-invalid',
          message: verdict.reasons[0] as string,
        }),
        ...settingsOf(options),
      };
      return { rules, baseline, verdict, ...settingsOf(options), record };
    }
  }
  // Before the inputs: an exceptions file that does not check fails the run, never reads as none.
  const runExceptions = runExceptionsOf(options);
  // A comparison with a baseline reads every policy; without one, figures and the policies the rules and exceptions
  // name suffice.
  const keep = {
    policyIds: new Set([...namedPolicies(rules), ...exceptionPolicyIds(runExceptions)]),
    categories:
      options.allCategories === true || runExceptions !== undefined ? ('all' as const) : namedCategories(rules),
  };
  const analysis =
    options.figuresOnly === true && baseline === undefined
      ? await analyseFiles(input, { ...options, keep })
      : await analyseInputs(input, options);
  let diff: DiffResult | undefined;
  if (baseline !== undefined) {
    diff = diffAnalyses(baseline, analysis, { allowMismatch: options.allowMismatch === true });
    assertScansInOrder(diff, options.allowMismatch === true);
  }
  const risks = runExceptions === undefined ? undefined : acceptedRisksOf(analysis, runExceptions, options);
  const gate = evaluateGate(analysis, rules, {
    ...(diff === undefined ? {} : { baseline: diff }),
    ...(risks === undefined ? {} : { exceptions: risks.outcomes }),
  });
  const verdict = gateVerdict(analysis, gate, failOn);
  const record = {
    ...gateResultRecord(gate, analysis, verdict.exitCode),
    ...settingsOf(options),
    ...(risks === undefined ? {} : { exceptions: exceptionsRecord(risks) }),
  };
  return {
    rules,
    analysis,
    ...(baseline ? { baseline } : {}),
    ...(diff ? { diff } : {}),
    gate,
    verdict,
    ...settingsOf(options),
    ...(risks === undefined ? {} : { exceptions: risks }),
    record,
  };
}

/** The run's settings as the result holds them: only when given. */
function settingsOf(options: GateReportsOptions): Pick<GateReportsResult, 'runSettings'> {
  return options.runSettings === undefined ? {} : { runSettings: options.runSettings };
}

/** The PolicyIds the rules' `policy` assertions name: the policies a figures-only analysis keeps. */
export function namedPolicies(rules: GateRules): Set<string> {
  const ids = new Set<string>();
  for (const assertion of rules.assertions) if (assertion.policy !== undefined) ids.add(assertion.policy);
  return ids;
}

/** The categories the rules' assertions name (by CategoryName or CategoryId): those a figures-only analysis keeps. */
export function namedCategories(rules: GateRules): Set<string> {
  const names = new Set<string>();
  for (const assertion of rules.assertions) if (assertion.category !== undefined) names.add(assertion.category);
  return names;
}

/**
 * The verdict of a gate. A report that does not check cannot be trusted for its
 * posture, so 1 (untrusted inputs, findings at or above `failOn`) wins over 3 (an
 * error assertion failed).
 */
export function gateVerdict(analysis: Analysis, gate: GateResult, failOn: FailOn): Verdict {
  const untrusted = untrustedInputs(analysis);
  const problem = inputsProblem(analysis, failOn);
  if (untrusted !== undefined || problem !== undefined)
    return failed(exitCodes.findings, untrusted?.message ?? (problem as string));
  const failing = gate.assertions.filter((result) => !result.passed && result.level === 'error');
  if (failing.length > 0)
    return failedFor(
      exitCodes.gate,
      failing.map((result) => `${result.name}: ${result.message}`),
    );
  return passed();
}
