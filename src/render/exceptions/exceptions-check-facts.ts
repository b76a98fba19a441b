import type { ExceptionMatch, ExceptionOutcome, ExceptionsCheck, ExceptionState } from '../../model/exceptions.js';
import { plural } from '../../text/plural.js';

/** Every state, in the order the outputs count them. */
export const stateOrder: readonly ExceptionState[] = ['active', 'expiring', 'expired', 'unused', 'unneeded'];

/** How many exceptions are in each state, every state present. */
export function stateCounts(result: ExceptionsCheck): Record<ExceptionState, number> {
  const counts = Object.fromEntries(stateOrder.map((state) => [state, 0])) as Record<ExceptionState, number>;
  for (const outcome of result.outcomes) counts[outcome.state] += 1;
  return counts;
}

/** The states a check without reports could not judge. */
export function statesNotJudged(result: ExceptionsCheck): ExceptionState[] {
  return result.matched ? [] : ['unused', 'unneeded'];
}

/** What was checked, on which day, against what: the first line of every output. */
export function checkedText(result: ExceptionsCheck): string {
  const files = result.files.map((file) => file.path).join(', ');
  const against = result.matched
    ? `against ${plural(result.reports.length, 'report input')} (${result.reports.join(', ')})`
    : 'by date alone: no reports given, so whether an exception is unused or unneeded was not judged';
  return `${plural(result.outcomes.length, 'exception')} in ${files}, judged on ${result.today} ${against}`;
}

/** The counts by state, the states not judged left out: `1 active, 0 expiring, 1 expired, 1 unused, 0 unneeded`. */
export function countsText(result: ExceptionsCheck): string {
  const counts = stateCounts(result);
  const skipped = statesNotJudged(result);
  return stateOrder
    .filter((state) => !skipped.includes(state))
    .map((state) => `${counts[state]} ${state}`)
    .join(', ');
}

/** The days to an exception's expiry, in words: `119 days left`, `last day`, `expired 2 days ago`. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft < 0) return `expired ${plural(-daysLeft, 'day')} ago`;
  return daysLeft === 0 ? 'last day' : `${plural(daysLeft, 'day')} left`;
}

/** A matched policy in words: `SubnetHasNSG (Red, High) in Contoso Production (a1f0c9e2-…), r.json`. */
export function matchText(match: ExceptionMatch): string {
  return `${match.policyId} (${match.compliance}, ${match.severity}) in ${match.accountName} (${match.accountId}), ${match.source}`;
}

/** True when the exception sets the match apart as accepted. */
export function isAccepted(outcome: ExceptionOutcome, match: ExceptionMatch): boolean {
  return outcome.accepted.includes(match);
}

/** The verdict in words: `pass` or `fail (exit code 1)`. */
export function verdictText(result: ExceptionsCheck): string {
  return result.verdict.status === 'pass' ? 'pass' : `fail (exit code ${result.verdict.exitCode})`;
}
