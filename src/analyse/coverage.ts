/**
 * How much of a report was assessed. A Gray policy checked no resource: the compliance
 * percent says nothing of it, and in the service's published sample 654 of 879 policies
 * (74 %) are Gray. Every document's summary states the coverage in words and warns when
 * it is low, so that a percent of the assessed quarter is not read as the whole.
 */

/**
 * Below this share of policies assessed (not Gray), in percent, every document's summary
 * carries a low-coverage warning. Half: below it, most of the benchmark is unknown and
 * the compliance percent describes the smaller part.
 */
export const lowCoveragePercent = 50;

/** The coverage of some figures: how many policies were assessed and not. */
export interface Coverage {
  total: number;
  assessed: number;
  /** Gray policies: assessed nothing. */
  notAssessed: number;
  /** Share of the policies not assessed, in percent; null when there are no policies. */
  notAssessedPercent: number | null;
  /** True when fewer than {@link lowCoveragePercent} % of the policies were assessed (and there are policies). */
  low: boolean;
}

/** The coverage of a set of policies counted by colour. */
export function coverageOf(figures: { total: number; gray: number }): Coverage {
  const { total, gray } = figures;
  const assessed = total - gray;
  const notAssessedPercent = total > 0 ? (gray / total) * 100 : null;
  return {
    total,
    assessed,
    notAssessed: gray,
    notAssessedPercent,
    low: total > 0 && assessed * 100 < lowCoveragePercent * total,
  };
}
