import type { PolicyAcceptance } from '../../model/exceptions.js';
import type { Policy } from '../../model/report.js';
import type { ActionView, ReportView } from '../../model/view-model.js';
import { acceptedPoliciesOf, complianceText } from '../accepted-marks.js';
import { acceptedColourWidth } from './accepted-risks.js';
import { displayCount } from '../display-values.js';
import { bookmark, heading } from './blocks.js';
import type { Canvas } from './canvas.js';
import type { OutlineItem } from './pdfkit-internals.js';
import { drawTable, type Column } from './table.js';
import { complianceFill, sizes } from './theme.js';

/** An action with its place in the list. */
export interface ActionRow {
  action: ActionView;
  rank: number;
}

/** The columns of an action list table, fitted to the page's width; accepted policies marked beside their colour. */
export function actionColumns(
  canvas: Canvas,
  accepted: ReadonlyMap<Policy, PolicyAcceptance> = new Map(),
): Column<ActionRow>[] {
  // Wide enough for CCE ids (`CCE-37741-6`) on one line; the colour, for an acceptance's id and date too.
  const colour = accepted.size === 0 ? 50 : acceptedColourWidth;
  const fixed = 24 + colour + 46 + 58 + 56 + 110;
  return [
    { header: '#', width: 24, align: 'right', text: (row) => displayCount(row.rank) },
    {
      header: 'Compliance',
      width: colour,
      text: (row) => complianceText(row.action.policy, accepted),
      chip: (row) => complianceFill(row.action.policy.Compliance),
    },
    { header: 'Severity', width: 46, text: (row) => row.action.policy.Severity },
    {
      header: 'Failing resources',
      width: 58,
      align: 'right',
      text: (row) =>
        `${displayCount(row.action.failingResources)} of ${displayCount(row.action.policy.TotalResourceCount)}`,
    },
    { header: 'No.', width: 56, text: (row) => row.action.policy.ComplianceNumber },
    { header: 'Policy', width: canvas.page.contentWidth - fixed, text: (row) => row.action.policy.ShortTitle },
    { header: 'Category', width: 110, text: (row) => row.action.category.name },
  ];
}

/**
 * The action list of a report: its failing policies (Red, Amber) across every
 * category, in the order to work through them, said above the table; bookmarked
 * under `parent` on the page of its heading (bookmarking after drawing would point
 * at the page where a long list ends).
 */
export function drawActionList(canvas: Canvas, report: ReportView, order: string, parent: OutlineItem): void {
  bookmark(
    canvas,
    'Action list',
    parent,
    heading(canvas, `Action list: failing policies of ${report.benchmarkName}`, 1, 80),
  );
  if (report.actions.length === 0) {
    canvas.paragraph('No failing policy: nothing is Red or Amber.', { size: sizes.body }, 6);
    return;
  }
  canvas.paragraph(
    `${displayCount(report.actions.length)} failing ${report.actions.length === 1 ? 'policy' : 'policies'} (Red and Amber), ordered ${order}.`,
    { size: sizes.body, colour: 'muted' },
    6,
  );
  const rows = report.actions.map((action, index): ActionRow => ({ action, rank: index + 1 }));
  drawTable(canvas, actionColumns(canvas, acceptedPoliciesOf(report)), rows, {
    continued: `Action list of ${report.benchmarkName} (continued)`,
  });
  canvas.y += 12;
}
