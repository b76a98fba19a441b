import type { FindingView, ViewModel } from '../../model/view-model.js';
import type { TableSheet } from './table-sheet.js';
import { severityStyle, wrapStyle } from './xlsx-styles.js';

// The row that stands for "no findings", so that an empty sheet is never mistaken for
// a failed export.
const noFindings = 'No findings: the reports passed every check.';

/** An expected or actual value as text: JSON, since it can be of any type. */
function valueText(value: unknown): string | null {
  if (value === undefined) return null;
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/**
 * The Findings sheet: the check's findings with severity, rule, file, JSON Pointer and
 * message, or a single "no findings" row.
 */
export function findingsSheet(view: ViewModel): TableSheet<FindingView | null> {
  const { errors, warnings } = view.findingCounts;
  const none = view.findings.length === 0;
  return {
    name: 'Findings',
    columns: [
      {
        header: 'Severity',
        kind: 'text',
        width: { max: 10 },
        value: (row) => (row ? row.severity : 'none'),
        style: (row) => (row ? severityStyle.get(row.severity) : undefined),
      },
      { header: 'Rule', kind: 'text', width: { max: 22 }, value: (row) => (row ? row.rule : null) },
      { header: 'File', kind: 'text', width: { max: 40 }, value: (row) => (row ? row.source : null) },
      { header: 'Pointer', kind: 'text', width: { max: 44 }, value: (row) => (row ? row.pointer : null) },
      {
        header: 'Message',
        kind: 'text',
        width: { max: 90 },
        value: (row) => (row ? row.message : noFindings),
        style: () => wrapStyle,
      },
      { header: 'Expected', kind: 'text', width: { max: 24 }, value: (row) => valueText(row?.expected) },
      { header: 'Actual', kind: 'text', width: { max: 24 }, value: (row) => valueText(row?.actual) },
    ],
    rows: () => (none ? [null] : view.findings),
    // Red when the check found errors, amber for warnings only: the tab tells before it is opened.
    ...(errors > 0 ? { tabColour: 'FFC00000' } : warnings > 0 ? { tabColour: 'FFFFC000' } : {}),
  };
}
