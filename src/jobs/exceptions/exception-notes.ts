import { describeOutcome, type NotableState } from '../../analyse/exceptions/describe-outcome.js';
import type { AcceptedRisks, ExceptionOutcome } from '../../model/exceptions.js';

/**
 * What a run that does not judge by its exceptions (`render`) still tells of them, one
 * sentence each, expired ones first: an expired exception's policies fail again, and the
 * owner who must renew it is named; an expiring, unused or unneeded one is named with
 * its file. An active one needs no one's attention and is not told.
 */
export function exceptionNotes(risks: AcceptedRisks | undefined): string[] {
  if (risks === undefined) return [];
  const order: readonly NotableState[] = ['expired', 'expiring', 'unused', 'unneeded'];
  return order.flatMap((state) =>
    risks.outcomes
      .filter((outcome): outcome is ExceptionOutcome & { state: NotableState } => outcome.state === state)
      .map((outcome) =>
        state === 'expired'
          ? `${describeOutcome.expired(outcome)}: it no longer applies, and the policies it named fail again`
          : describeOutcome[state](outcome),
      ),
  );
}
