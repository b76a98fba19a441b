import type { FindingsResult } from '../../model/findings-format.js';
import type { Verdict } from '../../model/verdict.js';

/*
 * A run's notes (FindingsResult.notes): caveats that leave the verdict as it is but
 * that every format states, passing or failing, since a reader who sees only one
 * output must still learn them (a merge that did not check its files, say).
 */

/** The run's notes, in order; none when it has none. */
export function runNotes(result: FindingsResult): readonly string[] {
  return result.notes ?? [];
}

/**
 * The verdict's reasons that are not notes: a job may also list its notes among the
 * reasons, and a format states a note once, as a note, never as what failed the run.
 */
export function reasonsBesideNotes(verdict: Verdict, notes: readonly string[]): string[] {
  if (notes.length === 0) return verdict.reasons;
  return verdict.reasons.filter((reason) => !notes.includes(reason));
}
