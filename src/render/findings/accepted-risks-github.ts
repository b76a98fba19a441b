import type { AcceptedRisks, ExceptionState } from '../../model/exceptions.js';
import { describeOutcome, namedStates, outcomesIn } from './accepted-risks.js';

/** An annotation of an exception, before it is written as a workflow command. */
export interface ExceptionAnnotation {
  level: 'warning' | 'notice';
  /** Its rank among the run's annotations (see the github format): lower first. */
  rank: number;
  /** The exceptions file it is shown on. */
  file: string;
  title: string;
  text: string;
}

/**
 * How each state is annotated and ranked: an expired exception's policies fail again, one
 * expiring needs renewing soon and one unused names nothing, each a warning right after
 * the failed gate assertions; an unneeded one (the risk is gone) is a notice before fixes.
 */
const stateAnnotations: Record<(typeof namedStates)[number], Pick<ExceptionAnnotation, 'level' | 'rank'>> = {
  expired: { level: 'warning', rank: 0.25 },
  expiring: { level: 'warning', rank: 0.5 },
  unused: { level: 'warning', rank: 0.75 },
  unneeded: { level: 'notice', rank: 0.5 },
};

/**
 * An annotation on the exceptions file per exception expired, expiring, unused or
 * unneeded, naming it, its date and its owner: the engineer whose exception expires on a
 * Friday night sees it on the pull request, not only in the log.
 */
export function exceptionAnnotations(risks: AcceptedRisks): ExceptionAnnotation[] {
  return namedStates.flatMap((state) =>
    outcomesIn(risks, state satisfies ExceptionState).map((outcome) => ({
      ...stateAnnotations[state],
      file: outcome.exception.file,
      title: `exception ${state}: ${outcome.exception.id}`,
      text: describeOutcome(outcome),
    })),
  );
}
