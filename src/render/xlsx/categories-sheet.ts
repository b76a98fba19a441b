import type { CategoryView, ReportView, ViewModel } from '../../model/view-model.js';
import type { TableColumn, TableSheet } from './table-sheet.js';
import { centredStyle, colourHeaderStyle } from './xlsx-styles.js';
import { worstRank } from '../worst-ranks.js';

/** A category with the report it belongs to. */
interface CategoryRow {
  report: ReportView;
  category: CategoryView;
}

const count = (header: string, value: (category: CategoryView) => number): TableColumn<CategoryRow> => ({
  header,
  kind: 'count',
  width: { max: 12 },
  value: (row) => value(row.category),
  ...(colourHeaderStyle.has(header) ? { headerStyle: colourHeaderStyle.get(header) } : {}),
});

function* categoryRows(view: ViewModel): Iterable<CategoryRow> {
  for (const report of view.reports) {
    for (const category of report.categories) yield { report, category };
  }
}

/**
 * The Categories sheet: one row per resource category of every report, with the
 * recomputed colour counts and compliance percent (empty, with a note saying why,
 * where nothing was assessed), Red weighted by severity, failing resources (the first
 * two measures of the worst categories) and the place among the worst categories.
 */
export function categoriesSheet(view: ViewModel): TableSheet<CategoryRow> {
  const anyOther = view.rollup.figures.other > 0;
  const anyNa = view.reports.some((report) => report.categories.some((category) => category.figures.percent === null));
  return {
    name: 'Categories',
    keyColumns: 4,
    columns: [
      { header: 'Benchmark', kind: 'text', width: { max: 40 }, value: (row) => row.report.benchmarkName },
      { header: 'Account', kind: 'text', width: { max: 30 }, value: (row) => row.report.accountName },
      {
        header: 'Order',
        kind: 'count',
        width: { max: 8 },
        value: (row) => row.category.order,
        style: () => centredStyle,
      },
      { header: 'Category', kind: 'text', width: { max: 50 }, value: (row) => row.category.name },
      count('Total', (category) => category.figures.total),
      count('Green', (category) => category.figures.green),
      count('Red', (category) => category.figures.red),
      count('Amber', (category) => category.figures.amber),
      count('Gray', (category) => category.figures.gray),
      ...(anyOther ? [count('Other', (category) => category.figures.other)] : []),
      // Nothing assessed: an empty cell, which the colour scale leaves white, and the reason beside it.
      {
        header: 'Compliance %',
        kind: 'percent',
        width: { max: 14 },
        value: (row) => (row.category.figures.percent === null ? null : row.category.figures.percent / 100),
      },
      count('Red weighted', (category) => category.redWeight),
      count('Failing resources', (category) => category.figures.failingResources),
      { header: 'Worst rank', kind: 'count', width: { max: 10 }, value: (row) => worstRank(row.report, row.category) },
      ...(anyNa
        ? [
            {
              header: 'Note',
              kind: 'text',
              width: { max: 44 },
              value: (row) =>
                row.category.figures.percentNote === null
                  ? null
                  : `no compliance %: ${row.category.figures.percentNote}`,
            } satisfies TableColumn<CategoryRow>,
          ]
        : []),
    ],
    rows: () => categoryRows(view),
  };
}
