import type { Policy } from '../../model/report.js';
import type { ReportView, ViewModel } from '../../model/view-model.js';
import { acceptedPoliciesOf } from '../accepted-marks.js';
import { dayCell } from './accepted-risks-sheet.js';
import type { TableColumn } from './table-sheet.js';
import { dayStyle } from './xlsx-styles.js';

/**
 * The Exception and Accepted until columns of a sheet that lists policies, when the
 * workbook is rendered with exceptions (none otherwise, so that a workbook without them
 * keeps its columns): the id of the exception that accepts the policy and its expiry.
 */
export function exceptionColumns<T>(
  view: ViewModel,
  pick: (row: T) => { report: ReportView; policy: Policy } | null,
): TableColumn<T>[] {
  if (view.acceptedRisks === undefined) return [];
  const acceptance = (row: T) => {
    const picked = pick(row);
    return picked ? acceptedPoliciesOf(picked.report).get(picked.policy) : undefined;
  };
  return [
    { header: 'Exception', kind: 'text', width: { max: 16 }, value: (row) => acceptance(row)?.id ?? null },
    {
      header: 'Accepted until',
      kind: 'date',
      width: { min: 11, max: 12, wrapHeader: true },
      value: (row) => {
        const found = acceptance(row);
        return found ? dayCell(found.expires) : null;
      },
      style: () => dayStyle,
    },
  ];
}
