import type { PolicyChangeKind } from '../../model/diff.js';
import { assessedRank, isFailingColour } from '../colour-rank.js';

/**
 * The kind of change of a policy found in both scans, or undefined when its colour is
 * the same, or ranks the same (Red and a colour outside the observed set, which counts
 * as Red). Gray was not assessed: a move from it to a failing colour is a new failure,
 * any other move to or from it a change of coverage.
 */
export function classifyChange(from: string, to: string): PolicyChangeKind | undefined {
  if (from === to) return undefined;
  const before = assessedRank(from);
  const after = assessedRank(to);
  if (after === undefined) return 'coverage';
  if (before === undefined) return isFailingColour(to) ? 'new-failure' : 'coverage';
  if (after === before) return undefined;
  return after > before ? 'regression' : 'fix';
}

/** The kind of a policy found in the new scan only: a new failure when it fails. */
export function classifyAdded(colour: string): PolicyChangeKind {
  return isFailingColour(colour) ? 'new-failure' : 'added';
}

/** True for a change to the worse: a regression or a new failure. */
export function isWorse(kind: PolicyChangeKind | undefined): boolean {
  return kind === 'regression' || kind === 'new-failure';
}
