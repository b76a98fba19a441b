import { policyChangeKinds } from '../../model/diff.js';
import { changeWords } from '../findings/diff/diff-words.js';
import type { CategoryChangeView, ReportView, ViewModel } from '../../model/view-model.js';
import { comparedReports, comparisonPreamble } from './changes-sheet.js';
import type { TableColumn, TableSheet } from './table-sheet.js';
import { pointsStyle, signedCountStyle } from './xlsx-styles.js';

/** A category of a compared report, before and after. */
interface CategoryChangeRow {
  report: ReportView;
  category: CategoryChangeView;
}

const statusTexts: Readonly<Record<CategoryChangeView['status'], string>> = {
  matched: 'in both scans',
  added: 'new',
  removed: 'removed',
};

// No percent (nothing assessed, or no such category) is an empty cell, not 0 %.
const percent = (
  header: string,
  pick: (category: CategoryChangeView) => number | null,
): TableColumn<CategoryChangeRow> => ({
  header,
  kind: 'percent',
  width: { max: 12 },
  value: (row) => {
    const value = pick(row.category);
    return value === null ? null : value / 100;
  },
});

const count = (header: string, pick: (category: CategoryChangeView) => number): TableColumn<CategoryChangeRow> => ({
  header,
  kind: 'count',
  width: { max: 12 },
  value: (row) => pick(row.category),
});

/**
 * The Category changes sheet of a comparison: every category of either scan of each
 * compared report, its compliance before and after, the change in points (signed)
 * and its changed policies by kind.
 */
export function categoryChangesSheet(view: ViewModel): TableSheet<CategoryChangeRow> {
  return {
    name: 'Category changes',
    keyColumns: 3,
    preamble: comparisonPreamble(view, 'Compliance by category, before and after'),
    freezeHeader: false,
    columns: [
      { header: 'Benchmark', kind: 'text', width: { min: 20, max: 30 }, value: (row) => row.report.benchmarkName },
      { header: 'Account', kind: 'text', width: { max: 24 }, value: (row) => row.report.accountName },
      { header: 'Category', kind: 'text', width: { max: 40 }, value: (row) => row.category.name },
      { header: 'Status', kind: 'text', width: { max: 14 }, value: (row) => statusTexts[row.category.status] },
      percent('Before %', (category) => category.oldPercent),
      percent('After %', (category) => category.newPercent),
      {
        header: 'Change (points)',
        kind: 'count',
        width: { max: 12 },
        value: (row) => (row.category.percentDelta === null ? null : Math.round(row.category.percentDelta * 10) / 10),
        style: () => pointsStyle,
      },
      {
        header: 'Passed resources change',
        kind: 'count',
        width: { max: 12 },
        value: (row) => row.category.passedResourcesDelta,
        style: () => signedCountStyle,
      },
      // A column per kind of change, in the order and words of the one table of them.
      ...policyChangeKinds.map((kind) => count(changeWords[kind].label, (category) => category.changes[kind])),
    ],
    rows: () =>
      comparedReports(view).flatMap(({ report, changes }) =>
        changes.categories.map((category) => ({ report, category })),
      ),
  };
}
