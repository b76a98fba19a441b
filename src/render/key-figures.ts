import { coverageOf, lowCoveragePercent } from '../analyse/coverage.js';
import type { FiguresView } from '../model/view-model.js';
import { displayCount, displayPercent } from './display-values.js';

/** Which key figure: each cover shows them in this order. */
export type KeyFigureId =
  'compliance' | 'policies' | 'failing-resources' | 'green' | 'red' | 'amber' | 'gray' | 'other';

/** One key figure of a cover, as every format shows it. */
export interface KeyFigure {
  id: KeyFigureId;
  /** `Compliance`, `Failing resources`, `Red`: the label every format prints, and the workbook's line label. */
  label: string;
  /** The number: a count, or for `compliance` a percent from 0 to 100; null for a percent that is n/a. */
  value: number | null;
  /** The value as printed: `34.0%`, `n/a`, `1,234`. */
  text: string;
  /** The words under it: `34 Green of 100 assessed`, `315 of 850 resources passed`; null when none. */
  note: string | null;
  /** The compliance colour of a colour count, for its swatch; null for the others. */
  colour: 'Green' | 'Red' | 'Amber' | 'Gray' | 'Other' | null;
  /** Where a layout with rows puts it: the headline row, or the row of colour counts. */
  group: 'headline' | 'colours';
}

function share(count: number, total: number): string | null {
  return total > 0 ? `${displayPercent((count / total) * 100)} of policies` : null;
}

/**
 * The key figures of a cover or a summary, from which the HTML cards, the PDF tiles and
 * the workbook's Summary lines are all drawn, so that every cover shows the same figures:
 * compliance, policies, failing resources (with the resources that passed), and the
 * policies of each colour (Other only when there are some).
 */
export function keyFigures(figures: FiguresView): KeyFigure[] {
  const { total } = figures;
  const count = (
    id: KeyFigureId,
    label: string,
    value: number,
    note: string | null,
    colour: KeyFigure['colour'],
    group: KeyFigure['group'],
  ): KeyFigure => ({
    id,
    label,
    value,
    text: displayCount(value),
    note,
    colour,
    group,
  });
  const list: KeyFigure[] = [
    {
      id: 'compliance',
      label: 'Compliance',
      value: figures.percent,
      text: figures.percentText,
      note: figures.percentNote ?? `${displayCount(figures.green)} Green of ${displayCount(figures.assessed)} assessed`,
      colour: null,
      group: 'headline',
    },
    count(
      'policies',
      'Policies',
      total,
      `${displayCount(figures.assessed)} assessed, ${displayCount(figures.gray)} not`,
      null,
      'headline',
    ),
    count(
      'failing-resources',
      'Failing resources',
      figures.failingResources,
      `${displayCount(figures.passedResources)} of ${displayCount(figures.totalResources)} resources passed`,
      null,
      'headline',
    ),
    count('green', 'Green', figures.green, share(figures.green, total), 'Green', 'colours'),
    count('red', 'Red', figures.red, share(figures.red, total), 'Red', 'colours'),
    count('amber', 'Amber', figures.amber, share(figures.amber, total), 'Amber', 'colours'),
    count('gray', 'Gray', figures.gray, 'not assessed', 'Gray', 'colours'),
  ];
  if (figures.other > 0) list.push(count('other', 'Other', figures.other, 'unknown colour', 'Other', 'colours'));
  return list;
}

/**
 * The coverage in words, as every document's summary states it: `414 of 561 policies
 * (73.8%) were not assessed (Gray).`, `All 127 policies were assessed.`, or `No policies.`
 */
export function coverageText(figures: FiguresView): string {
  const coverage = coverageOf(figures);
  if (coverage.total === 0) return 'No policies.';
  if (coverage.notAssessed === 0)
    return coverage.total === 1
      ? 'The one policy was assessed.'
      : `All ${displayCount(coverage.total)} policies were assessed.`;
  const percent = displayPercent(coverage.notAssessedPercent ?? 0);
  return `${displayCount(coverage.notAssessed)} of ${displayCount(coverage.total)} ${coverage.total === 1 ? 'policy' : 'policies'} (${percent}) ${coverage.notAssessed === 1 ? 'was' : 'were'} not assessed (Gray).`;
}

/**
 * The warning of a low coverage (see lowCoveragePercent), or null: `Low coverage: only
 * 147 of 561 policies (26.2%) were assessed, below 50%; the compliance percent speaks
 * for those only.`
 */
export function lowCoverageWarning(figures: FiguresView): string | null {
  const coverage = coverageOf(figures);
  if (!coverage.low) return null;
  const assessedPercent = displayPercent(100 - (coverage.notAssessedPercent ?? 0));
  return `Low coverage: only ${displayCount(coverage.assessed)} of ${displayCount(coverage.total)} policies (${assessedPercent}) were assessed, below ${lowCoveragePercent}%; the compliance percent speaks for those only.`;
}
