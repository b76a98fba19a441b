import type { TrendExceptions } from '../../model/trend.js';
import type { TableColumn, TableSheet } from '../xlsx/table-sheet.js';
import { trendExceptionsView, type TrendExceptionRow } from './trend-exceptions-view.js';

/**
 * A column of policies accepted (a number per row), for a trend given exceptions: none otherwise, so that a workbook
 * without exceptions keeps its columns.
 */
export function acceptedColumns<T>(
  record: TrendExceptions | undefined,
  header: string,
  value: (row: T) => number | undefined,
): TableColumn<T>[] {
  if (record === undefined) return [];
  return [{ header, kind: 'count', width: { max: 14 }, value: (row) => value(row) ?? null }];
}

/**
 * The Accepted risks sheet of a trend workbook: how each scan was judged, each exceptions
 * file with its SHA-256 and the latest scan's warnings above a row per exception with its
 * state in the latest scan.
 */
export function acceptedRisksSheet(record: TrendExceptions): TableSheet<TrendExceptionRow> {
  const view = trendExceptionsView(record);
  return {
    name: 'Accepted risks',
    preamble: [
      { label: view.summary },
      ...view.files.map((file) => ({ label: file.path, value: `SHA-256 ${file.sha256}` })),
      ...view.warnings.map((warning) => ({ label: 'Warning', value: warning })),
    ],
    columns: [
      { header: 'Exception', kind: 'text', width: { max: 20 }, value: (row) => row.id },
      { header: 'State (latest scan)', kind: 'text', width: { max: 18 }, value: (row) => row.state },
      { header: 'Expires', kind: 'text', width: { max: 12 }, value: (row) => row.expires },
      { header: 'Owner', kind: 'text', width: { max: 30 }, value: (row) => row.owner },
      { header: 'Approved by', kind: 'text', width: { max: 30 }, value: (row) => row.approvedBy },
      { header: 'Reason', kind: 'text', width: { max: 60 }, value: (row) => row.reason },
      {
        header: 'Accepted (latest scan)',
        kind: 'count',
        width: { max: 14 },
        value: (row) => row.acceptedCount,
      },
      { header: 'Where', kind: 'text', width: { max: 50 }, value: (row) => row.where },
    ],
    rows: () => view.exceptions,
  };
}
