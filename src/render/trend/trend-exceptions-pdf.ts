import type { TrendExceptions } from '../../model/trend.js';
import { heading } from '../pdf/blocks.js';
import type { Canvas } from '../pdf/canvas.js';
import { drawTable, type Column } from '../pdf/table.js';
import { sizes } from '../pdf/theme.js';
import { trendExceptionsView, type TrendExceptionRow } from './trend-exceptions-view.js';

const exceptionColumns: Column<TrendExceptionRow>[] = [
  { header: 'Exception', width: 80, text: (row) => row.id },
  {
    header: 'State',
    width: 60,
    text: (row) => row.state,
    chip: (row) => (row.stateClass === 'Red' || row.stateClass === 'Amber' ? row.stateClass : null),
  },
  { header: 'Expires', width: 60, text: (row) => row.expires },
  { header: 'Owner', width: 120, text: (row) => row.owner },
  { header: 'Approved by', width: 120, text: (row) => row.approvedBy },
  { header: 'Reason', width: 190, text: (row) => row.reason },
  { header: 'Accepted', width: 50, align: 'right', text: (row) => row.accepted },
  { header: 'Where', width: 80, text: (row) => row.where.split(/[\\/]/).at(-1) ?? row.where },
];

/**
 * The accepted risks of a trend in its PDF, of one account or of a fleet: how each scan
 * was judged, the latest scan's warnings, every exception with its state, and each
 * exceptions file with its SHA-256, so that a reader a year on can tell which file set
 * which risk apart.
 */
export function drawTrendExceptions(canvas: Canvas, record: TrendExceptions): void {
  const view = trendExceptionsView(record);
  canvas.y += 10;
  heading(canvas, 'Accepted risks', 2, 60);
  canvas.paragraph(view.summary, { size: sizes.body, colour: 'muted' }, 6);
  for (const warning of view.warnings) canvas.paragraph(`Warning: ${warning}`, { size: sizes.body }, 4);
  drawTable(canvas, exceptionColumns, view.exceptions, { continued: 'Accepted risks (continued)' });
  canvas.onPageBreak = null;
  canvas.y += 6;
  for (const file of view.files)
    canvas.paragraph(`${file.path}: SHA-256 ${file.sha256}`, { size: sizes.body, colour: 'muted' }, 2);
}
