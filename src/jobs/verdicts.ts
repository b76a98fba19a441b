import {
  ambiguousSources,
  type FailOn,
  hasFailingFindings,
  hasValidReport,
  untrustedSources,
} from '../model/fail-closed.js';
import { exitCodes } from '../error/exit-codes.js';
import type { AnalysedSource, Analysis } from '../model/analysis.js';
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

/**
 * Why inputs cannot stand for a verdict, or undefined when they can: no valid report,
 * findings at or above `failOn`, or, whatever `failOn` says, an input that could not
 * be read or analysed (see untrustedSources), a repeated key among them: `never`
 * judges findings in the figures, and an input whose figures were not read has none.
 */
export function inputsProblem(analysis: Analysis, failOn: FailOn, what = 'the inputs'): string | undefined {
  if (!hasValidReport(analysis)) return `no valid benchmark report in ${what}`;
  if (hasFailingFindings(analysis, failOn)) {
    const { errors, warnings } = analysis.summary;
    return `findings at or above ${failOn} in ${what} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  }
  const ambiguous = ambiguousSources(analysis);
  const broken = untrustedSources(analysis).filter((source) => !ambiguous.includes(source));
  if (broken.length > 0)
    return `${sourcesText(broken)} in ${what}: an input that could not be read or analysed fails whatever the fail-on level`;
  const [repeated] = ambiguous;
  return repeated === undefined
    ? undefined
    : `a key given twice in one object in ${what} (${repeated.source}): its values are ambiguous`;
}

/**
 * Why inputs cannot stand on one side of a comparison, or undefined when they can: as
 * {@link inputsProblem}, which fails a repeated key even when its rule is silenced,
 * since a comparison would take one reader's value as the scan's.
 */
export function comparisonProblem(analysis: Analysis, failOn: FailOn, what: string): string | undefined {
  return inputsProblem(analysis, failOn, what);
}

/**
 * The verdict of a check: it fails (1) on findings at or above `failOn`, and always
 * when no input holds a valid report or one could not be read or analysed, whatever
 * `failOn` says: nothing passes on nothing, nor on an input it could not read.
 */
export function checkVerdict(analysis: Analysis, failOn: FailOn): Verdict {
  const problem = inputsProblem(analysis, failOn);
  return problem === undefined ? passed() : failed(exitCodes.findings, problem);
}

/** The sources a verdict cannot stand on, in words, or undefined when there are none. */
export function untrustedText(analysis: Analysis): string | undefined {
  const broken = untrustedSources(analysis);
  return broken.length === 0 ? undefined : sourcesText(broken);
}

function sourcesText(sources: readonly AnalysedSource[]): string {
  const names = sources.map((source) => source.source);
  return `${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''} ${names.length === 1 ? 'is' : 'are'} unreadable, invalid or empty`;
}
