import type { ChangeSideView, ChangeView, ReportChangesView, ReportView, ViewModel } from '../../model/view-model.js';
import type { PreambleLine, TableColumn, TableSheet } from './table-sheet.js';
import { colourStyle, titleStyle } from './xlsx-styles.js';

/** A changed policy with its report; null stands for "no change" in a sheet that must not look empty. */
type ChangeRow = { report: ReportView; change: ChangeView } | null;

const noChanges = 'No change: no policy changed colour, and none was added or removed.';

/** The reports of the view that were compared with an earlier scan, with their changes. */
export function comparedReports(view: ViewModel): { report: ReportView; changes: ReportChangesView }[] {
  return view.reports.flatMap((report) => (report.changes ? [{ report, changes: report.changes }] : []));
}

/** One line per compared report above a table: which scans, and what changed. */
export function comparisonPreamble(view: ViewModel, title: string): PreambleLine[] {
  return [
    { label: title, labelStyle: titleStyle },
    // A short label: column A is as narrow as its table's first column, and the value beside it would hide the rest.
    ...comparedReports(view).map(({ report, changes }) => ({
      label: 'Compared',
      value: `${report.benchmarkName} — ${report.accountName}; old: ${changes.old.text}; ${changes.countsText}`,
    })),
  ];
}

function sideColumns(
  name: 'Old' | 'New',
  pick: (change: ChangeView) => ChangeSideView | null,
): TableColumn<ChangeRow>[] {
  return [
    {
      header: `${name} colour`,
      kind: 'text',
      width: { max: 12 },
      value: (row) => (row ? (pick(row.change)?.colour ?? null) : null),
      style: (row) => (row ? colourStyle.get(pick(row.change)?.colour ?? '') : undefined),
    },
    {
      header: `${name} passed`,
      kind: 'count',
      width: { max: 10 },
      value: (row) => (row ? (pick(row.change)?.passedResources ?? null) : null),
    },
    {
      header: `${name} total`,
      kind: 'count',
      width: { max: 10 },
      value: (row) => (row ? (pick(row.change)?.totalResources ?? null) : null),
    },
  ];
}

/** What an exception made of a change: `accepted · EXC-1, until 2027-03-31`, or that it is no longer accepted. */
const exceptionColumn: TableColumn<ChangeRow> = {
  header: 'Exception',
  kind: 'text',
  width: { max: 60 },
  value: (row) => row?.change.acceptanceText ?? null,
};

/**
 * The Changes sheet of a comparison: one row per changed policy of every compared
 * report, regressions first, with its colours before and after as words (filled in
 * their colour) and its resources; present only when the workbook shows a diff.
 */
export function changesSheet(view: ViewModel): TableSheet<ChangeRow> {
  const compared = comparedReports(view);
  const none = compared.every(({ changes }) => changes.changes.length === 0);
  // An accepted regression fails nothing: the tab is red for those that count.
  const regressions = compared.some(({ changes }) =>
    changes.changes.some((change) => change.kind === 'regression' && change.accepted === undefined),
  );
  // A workbook of a diff given exceptions says of every change whether one marks it; one without is as it was.
  const marked =
    view.acceptedRisks !== undefined ||
    compared.some(({ changes }) => changes.changes.some((change) => change.acceptanceText !== undefined));
  return {
    name: 'Changes',
    keyColumns: 2,
    preamble: comparisonPreamble(view, 'Changes since the old scan'),
    freezeHeader: false,
    columns: [
      {
        header: 'Benchmark',
        kind: 'text',
        width: { min: 20, max: 30 },
        value: (row) => (row ? row.report.benchmarkName : noChanges),
      },
      { header: 'Account', kind: 'text', width: { max: 24 }, value: (row) => row?.report.accountName ?? null },
      { header: 'Change', kind: 'text', width: { max: 12 }, value: (row) => row?.change.kindText ?? null },
      { header: 'Severity', kind: 'text', width: { max: 12 }, value: (row) => row?.change.severity ?? null },
      { header: 'Number', kind: 'text', width: { max: 16 }, value: (row) => row?.change.complianceNumber ?? null },
      { header: 'Title', kind: 'text', width: { max: 70 }, value: (row) => row?.change.shortTitle ?? null },
      { header: 'Category', kind: 'text', width: { max: 30 }, value: (row) => row?.change.categoryName ?? null },
      { header: 'Transition', kind: 'text', width: { max: 16 }, value: (row) => row?.change.transition ?? null },
      ...sideColumns('Old', (change) => change.old),
      ...sideColumns('New', (change) => change.new),
      { header: 'Policy id', kind: 'text', width: { max: 24 }, value: (row) => row?.change.policyId ?? null },
      ...(marked ? [exceptionColumn] : []),
    ],
    rows: () =>
      none ? [null] : compared.flatMap(({ report, changes }) => changes.changes.map((change) => ({ report, change }))),
    ...(regressions ? { tabColour: 'FFC00000' } : {}),
  };
}
