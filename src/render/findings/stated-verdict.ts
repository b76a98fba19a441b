import { countsAgainst } from '../../analyse/diff/count-regressions.js';
import { hasFailingFindings, hasValidReport, untrustedSources } from '../../analyse/fail-closed.js';
import { marksUnusableInput } from '../../analyse/silencing-guard.js';
import type { PolicyChange } from '../../model/diff.js';
import type { Finding } from '../../model/finding.js';
import type { FindingsResult } from '../../model/findings-format.js';
import type { Verdict } from '../../model/verdict.js';

/*
 * What every findings format states of a run: its verdict, and which of its items
 * failed it. A format reads these and judges nothing itself, so that no two outputs of
 * one run can disagree with each other or with the exit code.
 */

/**
 * The verdict a format states: the job's, which the exit code is. A result made without
 * a job (a library user calling a format) is judged as a check with its `failOn` (an
 * input that could not be read fails whatever it says) and a gate's status would judge
 * it; regressions then fail nothing.
 */
export function statedVerdict(result: FindingsResult): Verdict {
  if (result.verdict !== undefined) return result.verdict;
  if (result.gate?.status === 'fail') return { status: 'fail', exitCode: 3, reasons: [] };
  const failing = !hasValidReport(result.analysis) || hasFailingFindings(result.analysis, result.failOn) || untrustedSources(result.analysis).length > 0;
  return failing ? { status: 'fail', exitCode: 1, reasons: [] } : { status: 'pass', exitCode: 0, reasons: [] };
}

/**
 * True when `finding` fails the run: its severity is at or above `failOn` (`error` by
 * default), or it is an error saying its input could not be read or analysed, which
 * fails whatever `failOn` says.
 */
export function findingFails(finding: Finding, failOn: FindingsResult['failOn']): boolean {
  const level = failOn ?? 'error';
  return level === 'warning' || (finding.severity === 'error' && (level === 'error' || marksUnusableInput(finding)));
}

/** True when a diff's `change` fails the run: it counts against the regression limit, when there is one. */
export function changeFails(change: PolicyChange, result: FindingsResult): boolean {
  return result.regressionLimit !== undefined && countsAgainst(change, result.regressionLimit);
}
