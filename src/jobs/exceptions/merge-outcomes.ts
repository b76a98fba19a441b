import type { ExceptionMatch, ExceptionOutcome, ExceptionState } from '../../model/exceptions.js';

/**
 * The state of an exception in two parts of a run, as one: the stronger, in the order
 * expired, expiring, active, unneeded, unused. Expired wherever its date passed;
 * accepting in any input makes it active (or expiring) in the run; matching only passing
 * policies anywhere, unneeded; unused only when it matched nothing in any input.
 */
export function mergedState(a: ExceptionState, b: ExceptionState): ExceptionState {
  const strength: readonly ExceptionState[] = ['expired', 'expiring', 'active', 'unneeded', 'unused'];
  return strength[Math.min(strength.indexOf(a), strength.indexOf(b))] as ExceptionState;
}

interface Merging {
  outcome: ExceptionOutcome;
  matches: ExceptionMatch[];
  accepted: ExceptionMatch[];
}

/**
 * The outcomes of a run's exceptions over inputs judged one at a time (a dataset is
 * written input by input, so no analysis holds every policy at once): the matches and
 * accepted policies of every input, and each exception's state across them (see
 * {@link mergedState}). Each input's outcomes list the run's exceptions in the same order.
 */
export class OutcomesAcrossInputs {
  private merging: Merging[] | undefined;

  /** Adds the outcomes of one input: the run's exceptions, in the same order as every other input's. */
  add(outcomes: readonly ExceptionOutcome[]): void {
    const merging = this.merging;
    if (merging === undefined) {
      this.merging = outcomes.map((outcome) => ({
        outcome,
        matches: [...outcome.matches],
        accepted: [...outcome.accepted],
      }));
      return;
    }
    for (const [index, into] of merging.entries()) {
      const outcome = outcomes[index] as ExceptionOutcome;
      into.matches.push(...outcome.matches);
      into.accepted.push(...outcome.accepted);
      into.outcome = { ...into.outcome, state: mergedState(into.outcome.state, outcome.state) };
    }
  }

  /** The merged outcomes so far, in the exceptions' order, apart from later inputs; none before any input was added. */
  outcomes(): ExceptionOutcome[] {
    return (this.merging ?? []).map(({ outcome, matches, accepted }) => ({
      ...outcome,
      matches: [...matches],
      accepted: [...accepted],
    }));
  }
}
