import type { PolicyChangeKind } from '../../model/diff.js';

/** Assessed colours from best to worst: a move to the right is a regression. */
const assessedRank: Readonly<Record<string, number>> = { Green: 0, Amber: 1, Red: 2 };

/**
 * The kind of change of a policy found in both scans, or undefined when its colour is the
 * same. Gray, and a colour the service is not known to return, are not assessed: a move
 * between one of them and an assessed colour is a change of coverage, not of posture.
 */
export function classifyChange(from: string, to: string): PolicyChangeKind | undefined {
  if (from === to) return undefined;
  const before = assessedRank[from];
  const after = assessedRank[to];
  if (before === undefined || after === undefined) return 'coverage';
  return after > before ? 'regression' : 'fix';
}
