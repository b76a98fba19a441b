import { changeWords } from '../findings/diff/diff-words.js';
import type { CategoryChangeView, ChangeView, ReportChangesView, ReportView } from '../../model/view-model.js';
import { displayCount } from '../display-values.js';
import { bookmark, heading, keyValues, tiles } from './blocks.js';
import type { Canvas } from './canvas.js';
import type { OutlineItem } from './pdfkit-internals.js';
import { drawTable, type Column } from './table.js';
import { complianceFill, sizes, type ColourName } from './theme.js';

/** The colour squares of a change, old then new; a side the policy lacks has none. */
function transitionChips(change: ChangeView): ColourName[] {
  return [change.old, change.new].flatMap((side) => (side === null ? [] : [complianceFill(side.colour)]));
}

function changeColumns(canvas: Canvas): Column<ChangeView>[] {
  const fixed = 52 + 46 + 46 + 84 + 100 + 84;
  return [
    { header: 'Change', width: 52, weight: 'bold', text: (change) => change.kindText },
    { header: 'Severity', width: 46, text: (change) => change.severity },
    { header: 'No.', width: 46, text: (change) => change.complianceNumber },
    {
      header: 'Policy',
      width: canvas.page.contentWidth - fixed,
      text: (change) =>
        [
          change.shortTitle,
          ...(change.matchedByTitle ? [' (matched by number and title: its PolicyId changed)'] : []),
          // What an exception made of it, in the widest column: the id and date must not break.
          ...(change.acceptanceText === undefined ? [] : [` (${change.acceptanceText})`]),
        ].join(''),
    },
    { header: 'Colour', width: 84, text: (change) => change.transition, chip: transitionChips },
    { header: 'Category', width: 100, text: (change) => change.categoryName },
    {
      header: 'Resources passed',
      width: 84,
      align: 'right',
      text: (change) => `${change.old?.resourcesText ?? '–'} → ${change.new?.resourcesText ?? '–'}`,
    },
  ];
}

function categoryName(category: CategoryChangeView): string {
  return category.status === 'matched'
    ? category.name
    : `${category.name} (${category.status === 'added' ? 'new' : 'removed'} category)`;
}

function categoryColumns(canvas: Canvas): Column<CategoryChangeView>[] {
  const fixed = 4 * 56 + 4 * 52;
  const count = (header: string, pick: (category: CategoryChangeView) => number): Column<CategoryChangeView> => ({
    header,
    width: 52,
    align: 'right',
    text: (category) => displayCount(pick(category)),
  });
  return [
    { header: 'Category', width: canvas.page.contentWidth - fixed, text: categoryName },
    { header: 'Before', width: 56, align: 'right', text: (category) => category.oldPercentText },
    { header: 'After', width: 56, align: 'right', text: (category) => category.newPercentText },
    { header: 'Change', width: 56, align: 'right', weight: 'bold', text: (category) => category.deltaText ?? '–' },
    {
      header: 'Resources passed',
      width: 56,
      align: 'right',
      text: (category) =>
        category.passedResourcesDelta === null
          ? '–'
          : `${category.passedResourcesDelta > 0 ? '+' : category.passedResourcesDelta < 0 ? '−' : ''}${displayCount(Math.abs(category.passedResourcesDelta))}`,
    },
    count('Regressions', (category) => category.changes.regression),
    count('New failures', (category) => category.changes['new-failure']),
    count('Fixes', (category) => category.changes.fix),
    count('Other changes', (category) => category.changes.coverage + category.changes.added + category.changes.removed),
  ];
}

function countTiles(canvas: Canvas, changes: ReportChangesView): void {
  tiles(
    canvas,
    changes.counts.map((count) => {
      const chip = count.kind === 'unchanged' ? undefined : changeWords[count.kind].chip;
      return { label: count.label, value: displayCount(count.count), ...(chip === undefined ? {} : { chip }) };
    }),
  );
}

/**
 * What changed in a report since the old scan, after its summary: the two scans, the
 * overall figures before and after, the counts by kind, every changed policy
 * (regressions first) with its colours as squares and words, and each category's
 * compliance before and after. Bookmarked under the report's own entry.
 */
export function drawChanges(canvas: Canvas, report: ReportView, changes: ReportChangesView, parent: OutlineItem): void {
  bookmark(canvas, 'Changes', parent, heading(canvas, changes.heading, 1, 120));
  if (changes.mismatched)
    canvas.paragraph(
      'Paired by --allow-mismatch: the old scan is of another account or benchmark.',
      { size: sizes.body, weight: 'bold' },
      6,
    );
  keyValues(
    canvas,
    [
      ['Old', changes.old.text],
      ['New', changes.new.text],
      ['Compliance', changes.percentText],
      ['Resources passed', changes.resourcesText],
    ],
    1,
    100,
  );
  canvas.y += 6;
  countTiles(canvas, changes);
  if (changes.acceptance)
    canvas.paragraph(`Accepted risks: ${changes.acceptance.text}.`, { size: sizes.body, weight: 'bold' }, 6);
  if (changes.changes.length === 0)
    canvas.paragraph('No policy changed colour, and no policy was added or removed.', { size: sizes.body }, 8);
  else
    drawTable(canvas, changeColumns(canvas), changes.changes, {
      continued: `Changes in ${report.benchmarkName} (continued)`,
    });
  canvas.y += 10;
  heading(canvas, 'Compliance by category, before and after', 3, 50);
  drawTable(canvas, categoryColumns(canvas), changes.categories, {
    continued: `Category changes in ${report.benchmarkName} (continued)`,
  });
  canvas.y += 14;
}
