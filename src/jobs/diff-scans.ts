import { tallyRegressions, type RegressionLimit, type RegressionTally } from '../analyse/diff/count-regressions.js';
import { diffAnalyses, joinAnalyses } from '../analyse/diff/diff-analyses.js';
import { canBeCompared, type FailOn } from '../model/fail-closed.js';
import { CspmError } from '../error/cspm-error.js';
import { exitCodes } from '../error/exit-codes.js';
import type { ReportInput } from '../load/load-reports.js';
import type { Analysis } from '../model/analysis.js';
import type { DiffResult } from '../model/diff.js';
import type { Verdict } from '../model/verdict.js';
import { plural } from '../text/plural.js';
import { foldValue, isObserved, observedValues } from '../model/observed-values.js';
import { analyseInputs, type AnalyseInputsOptions } from './analyse-inputs.js';
import { assertScansInOrder } from './scan-order.js';
import { comparisonProblem, failed, passed } from './verdicts.js';
import { diffDocuments, type DiffDocumentsOptions } from './diff-documents.js';
import type { DocumentOutput } from '../model/renderer.js';
import { analysedFiles, assertSafeOutputs, type PlannedOutput } from './output-guard.js';
import type { AcceptedRisks } from '../model/exceptions.js';
import { acceptedRisksOf, runExceptionsOf, type ExceptionsOptions } from './exceptions/run-exceptions.js';

/** Options of {@link diffScans}. */
export interface DiffScansOptions extends AnalyseInputsOptions, ExceptionsOptions, Omit<RegressionLimit, 'severity'> {
  /** The lowest finding severity that keeps an input from being compared (default `error`). */
  failOn?: FailOn;
  /** Compare reports of another account or benchmark, scans in the wrong order, or a scan with itself. */
  allowMismatch?: boolean;
  /**
   * Fail (exit code 3) on regressions: `true` for any, or a Severity (any letter case)
   * to count only those at or above it. Off by default: the comparison is then told,
   * not judged.
   */
  failOnRegression?: boolean | string;
  /**
   * Documents of the later scan to make, with a "Changes since …" section for every
   * report compared (any format of `renderers`): given, the result's `documents` holds
   * one output per format.
   */
  documents?: DiffDocumentsOptions;
  /**
   * The files the caller will write (findings outputs, documents): one that is either
   * scan, or two that are one file, refuse the run once the scans are read, before the
   * verdict is returned (see assertSafeOutputs).
   */
  outputs?: readonly PlannedOutput[];
}

/** Two scans compared, and the verdict. */
export interface DiffScansResult {
  /** The earlier scan's analysis and the later one's. */
  old: Analysis;
  new: Analysis;
  /** Both, old first, as the findings formats show a comparison's inputs. */
  analysis: Analysis;
  /** The comparison; absent when an input did not check (nothing was compared). */
  diff?: DiffResult;
  /** What counts against `failOnRegression`; absent when nothing was compared. */
  regressions?: RegressionTally;
  /** The regression limit in force, when `failOnRegression` was given. */
  limit?: RegressionLimit;
  verdict: Verdict;
  /**
   * What the run's exceptions did in the later scan, judged on the run's day, when it was
   * given any: the files, each exception's state and the policies it accepts.
   */
  exceptions?: AcceptedRisks;
  /**
   * The documents `options.documents` asked for, one output per format in their order,
   * each rendered when its `render()` is called; absent when nothing was compared.
   */
  documents?: DocumentOutput[];
}

/** The Severity a regression limit names, in its observed spelling. */
function limitSeverity(value: boolean | string | undefined): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (isObserved('Severity', value)) return value;
  const folded = foldValue('Severity', value);
  if (folded === undefined)
    throw new CspmError(
      'usage',
      `"${value}" is no policy Severity; the severities are ${observedValues.Severity.join(', ')}`,
      { data: { option: 'fail-on-regression' } },
    );
  return folded;
}

/** What counted, in words: `2 regressions, 1 new failure and 1 lost benchmark report at or above High`. */
export function tallyText(tally: RegressionTally, limit: RegressionLimit): string {
  const parts = [
    tally.regressions > 0 ? plural(tally.regressions, 'regression') : '',
    tally.newFailures > 0 ? plural(tally.newFailures, 'new failure') : '',
    tally.removedPolicies > 0 ? plural(tally.removedPolicies, 'removed policy', 'removed policies') : '',
    tally.lostReports > 0 ? plural(tally.lostReports, 'lost benchmark report') : '',
    tally.newlyFailingResources > 0 ? plural(tally.newlyFailingResources, 'newly failing resource') : '',
  ].filter((part) => part !== '');
  const list =
    parts.length === 0
      ? 'no regression'
      : parts.length === 1
        ? (parts[0] as string)
        : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) as string}`;
  return `${list}${limit.severity === undefined ? '' : ` at or above ${limit.severity}`}`;
}

/**
 * Compares two scans of the same accounts and benchmarks. An input that does not check
 * is never compared (exit code 1): its missing reports would read as removed policies.
 * With `failOnRegression`, the verdict fails (exit code 3) on policies that got worse,
 * new failures (failing now, Gray or not there before), policies and benchmark reports
 * the later scan lost, less what `allowNewFailures` and `allowRemoved` let through.
 *
 * @throws CspmError for a missing or unreadable input; `reports-mismatch` for scans of
 *         another account or benchmark, `scans-reversed` for a later scan dated before
 *         the earlier one, `scans-identical` for a scan compared with itself, each
 *         unless `allowMismatch`; `usage` for a `failOnRegression` that is no Severity;
 *         `output-is-input` or `output-collision` for the `outputs`
 */
export async function diffScans(
  oldInput: ReportInput,
  newInput: ReportInput,
  options: DiffScansOptions = {},
): Promise<DiffScansResult> {
  const result = await compareScans(oldInput, newInput, options);
  const exceptionsFiles = (result.exceptions?.files ?? []).map((file) => file.path);
  assertSafeOutputs(options.outputs ?? [], [...analysedFiles(result.analysis), ...exceptionsFiles]);
  return result;
}

async function compareScans(
  oldInput: ReportInput,
  newInput: ReportInput,
  options: DiffScansOptions,
): Promise<DiffScansResult> {
  const severity = limitSeverity(options.failOnRegression);
  const failOn = options.failOn ?? 'error';
  // Before the inputs: an exceptions file that does not check fails the run, never reads as none.
  const runExceptions = runExceptionsOf(options);
  const olds = await analyseInputs(oldInput, options);
  const news = await analyseInputs(newInput, options);
  const analysis = joinAnalyses(olds, news);
  const sides = { old: olds, new: news, analysis };
  const problems = [
    comparisonProblem(olds, failOn, 'the earlier scan'),
    comparisonProblem(news, failOn, 'the later scan'),
  ].filter((problem) => problem !== undefined);
  if (!canBeCompared(olds, failOn) || !canBeCompared(news, failOn))
    return { ...sides, verdict: failed(exitCodes.findings, `${problems.join('; ')}: not compared`) };
  // One instant for both sides' judgement and the accepted risks shown, so that a run across midnight cannot disagree.
  const today = options.today ?? new Date();
  const judging =
    runExceptions === undefined
      ? {}
      : {
          exceptions: {
            exceptions: runExceptions.exceptions,
            today,
            ...(options.expiryWarningDays === undefined ? {} : { expiryWarningDays: options.expiryWarningDays }),
          },
        };
  const diff = diffAnalyses(olds, news, { allowMismatch: options.allowMismatch === true, ...judging });
  assertScansInOrder(diff, options.allowMismatch === true);
  const risks =
    runExceptions === undefined ? {} : { exceptions: acceptedRisksOf(news, runExceptions, { ...options, today }) };
  const limit: RegressionLimit = {
    ...(severity === undefined ? {} : { severity }),
    allowNewFailures: options.allowNewFailures === true,
    allowRemoved: options.allowRemoved === true,
  };
  const regressions = tallyRegressions(diff, limit);
  const documents =
    options.documents === undefined
      ? {}
      : {
          documents: diffDocuments(news, diff, {
            ...options.documents,
            ...(risks.exceptions === undefined ? {} : { acceptedRisks: risks.exceptions }),
          }),
        };
  if (options.failOnRegression === undefined || options.failOnRegression === false)
    return { ...sides, diff, regressions, verdict: passed(), ...risks, ...documents };
  const verdict =
    regressions.total > 0
      ? failed(exitCodes.gate, tallyText(regressions, limit))
      : passed(tallyText(regressions, limit));
  return { ...sides, diff, regressions, limit, verdict, ...risks, ...documents };
}
