import type { RoutedKind } from '../../render/formats/output-routing.js';
import { listsCategories, pairOutputs, placesFindings, type RunOutputs } from './run-outputs.js';

/** The outputs of a run, and what they ask of its analysis. */
export interface FindingsOutputs extends RunOutputs {
  /** A format points at findings by line and column: the run places them in their texts (placeFindings). */
  placeFindings: boolean;
  /** A format lists every category's figures: a run over many files keeps them (CheckOptions.allCategories). */
  allCategories: boolean;
}

/**
 * The findings (and, for diff, document) outputs of a run of `-f` and `-o` (see pairOutputs),
 * with what their formats need the run to keep.
 *
 * @param kinds the kinds of output the command writes: findings, and documents for diff
 * @throws CspmError `usage` or `unknown-format`, as pairOutputs does
 */
export function findingsOutputsOf(
  formats: readonly string[],
  outputs: readonly string[],
  kinds: readonly RoutedKind[] = ['findings'],
): FindingsOutputs {
  const paired = pairOutputs(formats, outputs, kinds);
  return {
    ...paired,
    placeFindings: placesFindings(paired.findings),
    allCategories: listsCategories(paired.findings),
  };
}
