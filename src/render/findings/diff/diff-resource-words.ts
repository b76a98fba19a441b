import type { ResourceRegression } from '../../../model/diff.js';
import { plural } from '../../../text/plural.js';
import { changeWords } from './diff-words.js';

/** The heading of the newly failing resources in every format. */
export const newlyFailingHeading = 'Newly failing resources (failing now, not before)';

/**
 * What else is said of a policy's newly failing resources: its change when its colour
 * changed too (`regression`), that it failed both times otherwise, and an acceptance.
 */
export function resourceRegressionNote(regression: ResourceRegression): string {
  const change = regression.kind === undefined ? 'failing both times' : changeWords[regression.kind].one;
  const accepted = regression.accepted === undefined ? '' : `; accepted: ${regression.accepted.id}`;
  return `${plural(regression.resources.length, 'resource')}, ${change}${accepted}`;
}
