import { poamColumns, type PoamRowSource } from '../csv/poam-columns.js';
import type { ViewModel } from '../../model/view-model.js';
import type { TableColumn, TableSheet } from './table-sheet.js';
import { colourStyle, wrapStyle } from './xlsx-styles.js';

/** A failing policy with its report; null stands for "no failing policy". */
type PoamRow = PoamRowSource | null;

const noWeakness = 'No failing policy: no report has a Red or Amber policy, so the plan has no item.';

/** Room to write a milestone, a date or a name without widening the column first. */
const fillInWidth = { min: 28, max: 40 };

function* poamRows(view: ViewModel): Iterable<PoamRow> {
  for (const report of view.reports) for (const action of report.actions) yield { report, action };
}

/**
 * The columns of `-f poam`, read from the same definitions so the sheet and the CSV
 * never drift apart; numbers stay numbers, everything else is text (never a formula).
 */
function columnsOf(): TableColumn<PoamRow>[] {
  return poamColumns.map((column, index): TableColumn<PoamRow> => {
    const numeric = column.header === 'Resources Affected';
    const first = index === 0;
    return {
      header: column.header,
      kind: numeric ? 'count' : 'text',
      width: column.fillIn
        ? fillInWidth
        : { min: first ? 24 : 8, max: column.header === 'Weakness Description' ? 80 : 40 },
      value: (row) => (row ? column.value(row) : first ? noWeakness : null),
      ...(column.header === 'Compliance'
        ? { style: (row: PoamRow) => (row ? colourStyle.get(row.action.policy.Compliance) : undefined) }
        : {}),
      ...(column.fillIn ? { style: () => wrapStyle } : {}),
    };
  });
}

/**
 * The POA&M sheet: a plan of action and milestones, one row per failing policy (Red,
 * Amber) of every report in action-list order, with the stable finding id and empty
 * milestone, completion date and owner columns wide enough to fill in.
 */
export function poamSheet(view: ViewModel): TableSheet<PoamRow> {
  const none = view.reports.every((report) => report.actions.length === 0);
  return {
    name: 'POA&M',
    columns: columnsOf(),
    rows: () => (none ? [null] : poamRows(view)),
  };
}
