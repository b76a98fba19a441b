import { describeOutcome, type NotableState } from '../../analyse/exceptions/describe-outcome.js';
import type { ExceptionOutcome, ExceptionsFailOn } from '../../model/exceptions.js';
import type { Verdict } from '../../model/verdict.js';
import { failedFor, passed } from '../verdicts.js';

/** The states that are warnings: the exception still does what it says, but someone should look at it. */
const warningStates: readonly NotableState[] = ['expiring', 'unused', 'unneeded'];

/** An outcome in one of the warning states. */
type Warning = ExceptionOutcome & { state: NotableState };

function isWarning(outcome: ExceptionOutcome): outcome is Warning {
  return (warningStates as readonly string[]).includes(outcome.state);
}

/**
 * The verdict of `exceptions check`: it fails (exit code 1) on an expired exception, whose
 * policies fail again; with `failOn` `warning`, also on an expiring, unused or unneeded
 * one; and on reports it could not trust (`untrusted` says why), since an exception
 * judged against a report that was not read would read as unused. What it does not fail
 * on (the warnings, by default) is said in its reasons: a pass is not silent about them.
 *
 * @param untrusted why the reports cannot be judged against, when they cannot
 */
export function exceptionsCheckVerdict(
  outcomes: readonly ExceptionOutcome[],
  failOn: ExceptionsFailOn,
  untrusted?: string,
): Verdict {
  const expired = outcomes.filter((outcome) => outcome.state === 'expired').map(describeOutcome.expired);
  const warnings = outcomes.filter(isWarning).map((outcome) => describeOutcome[outcome.state](outcome));
  const failing = [...(untrusted === undefined ? [] : [untrusted]), ...expired];
  if (failOn === 'warning') failing.push(...warnings);
  if (failing.length > 0) return failedFor(1, failOn === 'warning' ? failing : [...failing, ...warnings]);
  return passed(...warnings);
}
