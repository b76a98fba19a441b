import { ambiguousSources, type FailOn, hasFailingFindings, hasValidReport, untrustedSources } from '../analyse/fail-closed.js';
import { exitCodes } from '../error/exit-codes.js';
import type { Analysis } from '../model/analysis.js';
import type { Verdict } from '../model/verdict.js';
import { plural } from '../text/plural.js';

/** A passing verdict, with what is worth saying about it. */
export function passed(...reasons: string[]): Verdict {
  return { status: 'pass', exitCode: exitCodes.ok, reasons };
}

/** A failing verdict of `exitCode` for `reasons`. */
export function failed(exitCode: 1 | 3, ...reasons: string[]): Verdict {
  return { status: 'fail', exitCode, reasons };
}

/**
 * A failing verdict with a list of reasons of any length: a fleet's gate can fail on
 * hundreds of thousands of results, more than a call's arguments can hold.
 */
export function failedFor(exitCode: 1 | 3, reasons: string[]): Verdict {
  return { status: 'fail', exitCode, reasons };
}

/** Why inputs cannot stand for a verdict, or undefined when they can. */
export function inputsProblem(analysis: Analysis, failOn: FailOn, what = 'the inputs'): string | undefined {
  if (!hasValidReport(analysis)) return `no valid benchmark report in ${what}`;
  if (hasFailingFindings(analysis, failOn)) {
    const { errors, warnings } = analysis.summary;
    return `findings at or above ${failOn} in ${what} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  }
  return undefined;
}

/**
 * Why inputs cannot stand on one side of a comparison, or undefined when they can.
 * Stricter than {@link inputsProblem}: a repeated key fails even when its rule is
 * silenced, since a comparison would take one reader's value as the scan's.
 */
export function comparisonProblem(analysis: Analysis, failOn: FailOn, what: string): string | undefined {
  const problem = inputsProblem(analysis, failOn, what);
  if (problem !== undefined) return problem;
  const [ambiguous] = ambiguousSources(analysis);
  return ambiguous === undefined ? undefined : `a key given twice in one object in ${what} (${ambiguous.source}): its values are ambiguous`;
}

/**
 * The verdict of a check: it fails (1) on findings at or above `failOn`, and always
 * when no input holds a valid report, whatever `failOn` says: nothing passes on nothing.
 */
export function checkVerdict(analysis: Analysis, failOn: FailOn): Verdict {
  const problem = inputsProblem(analysis, failOn);
  return problem === undefined ? passed() : failed(exitCodes.findings, problem);
}

/** The sources a verdict cannot stand on, in words, or undefined when there are none. */
export function untrustedText(analysis: Analysis): string | undefined {
  const broken = untrustedSources(analysis).map((source) => source.source);
  if (broken.length === 0) return undefined;
  return `${broken.slice(0, 3).join(', ')}${broken.length > 3 ? ` and ${broken.length - 3} more` : ''} ${broken.length === 1 ? 'is' : 'are'} unreadable, invalid or empty`;
}
