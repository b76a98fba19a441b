import type { ActionView, ReportView, ViewModel } from '../../model/view-model.js';
import type { TableSheet } from './table-sheet.js';
import { exceptionColumns } from './exception-columns.js';
import { colourStyle, titleStyle } from './xlsx-styles.js';

/** A failing policy with its report; null stands for "no failing policy". */
type ActionRow = { report: ReportView; action: ActionView; rank: number } | null;

const noActions = 'No failing policy: no report has a Red or Amber policy.';

function* actionRows(view: ViewModel): Iterable<ActionRow> {
  for (const report of view.reports) {
    let rank = 0;
    for (const action of report.actions) yield { report, action, rank: (rank += 1) };
  }
}

/**
 * The Action list sheet: the failing policies (Red and Amber) of every report, in the
 * order to work through them, with their category and failing resources. Streams
 * like the Policies sheet, since it can be as long, and wraps as it does: a title or a
 * category name wraps inside its cell, and the policy id, one word a wrap would break,
 * has a column as wide as the longest the service sends (55 characters).
 */
export function actionSheet(view: ViewModel): TableSheet<ActionRow> {
  const none = view.reports.every((report) => report.actions.length === 0);
  return {
    name: 'Action list',
    keyColumns: 3,
    preamble: [
      { label: 'Failing policies (Red and Amber)', labelStyle: titleStyle },
      { label: 'Order', value: view.ranking.actions },
    ],
    columns: [
      {
        header: 'Benchmark',
        kind: 'text',
        width: { min: 20, max: 30 },
        value: (row) => (row ? row.report.benchmarkName : noActions),
      },
      { header: 'Account', kind: 'text', width: { max: 24 }, value: (row) => row?.report.accountName ?? null },
      { header: 'Rank', kind: 'count', width: { max: 8 }, value: (row) => row?.rank ?? null },
      {
        header: 'Compliance',
        kind: 'text',
        width: { max: 14 },
        value: (row) => row?.action.policy.Compliance ?? null,
        style: (row) => (row ? colourStyle.get(row.action.policy.Compliance) : undefined),
      },
      ...exceptionColumns<ActionRow>(view, (row) => (row ? { report: row.report, policy: row.action.policy } : null)),
      { header: 'Severity', kind: 'text', width: { max: 12 }, value: (row) => row?.action.policy.Severity ?? null },
      {
        header: 'Failing resources',
        kind: 'count',
        width: { max: 12, wrapHeader: true },
        value: (row) => row?.action.failingResources ?? null,
      },
      {
        header: 'Total resources',
        kind: 'count',
        width: { max: 12, wrapHeader: true },
        value: (row) => row?.action.policy.TotalResourceCount ?? null,
      },
      {
        header: 'Number',
        kind: 'text',
        width: { max: 16 },
        value: (row) => row?.action.policy.ComplianceNumber ?? null,
      },
      { header: 'Title', kind: 'text', width: { max: 48 }, value: (row) => row?.action.policy.ShortTitle ?? null },
      { header: 'Category', kind: 'text', width: { max: 26 }, value: (row) => row?.action.category.name ?? null },
      { header: 'Service', kind: 'text', width: { max: 24 }, value: (row) => row?.action.policy.ServiceName ?? null },
      { header: 'Policy id', kind: 'text', width: { max: 58 }, value: (row) => row?.action.policy.PolicyId ?? null },
    ],
    rows: () => (none ? [null] : actionRows(view)),
    wrap: true,
    ...(none ? {} : { tabColour: 'FFC00000' }),
  };
}
