import type { FleetAccount } from '../../model/fleet.js';
import { displayCount, displayPercentOrNa } from '../display-values.js';
import { bookmark, heading } from '../pdf/blocks.js';
import type { Canvas } from '../pdf/canvas.js';
import { drawTable, type Column } from '../pdf/table.js';
import { sizes } from '../pdf/theme.js';
import { acceptedAccounts, fleetAcceptedSummary } from './fleet-accepted-text.js';

/**
 * The fleet PDF's page of accepted risks, with exceptions: the fleet's count in a line,
 * then each account with accepted policies or expired exceptions, the worst first.
 */
export function drawFleetAccepted(canvas: Canvas, rows: readonly FleetAccount[]): void {
  canvas.newPage();
  bookmark(canvas, 'Accepted risks per account');
  heading(canvas, 'Accepted risks per account', 1);
  canvas.paragraph(
    `${fleetAcceptedSummary(rows)}. Accepted policies keep the colour the scan gave them: the figures of this document are as scanned.`,
    { size: sizes.small, colour: 'muted' },
    6,
  );
  const listed = acceptedAccounts(rows);
  if (listed.length === 0) return;
  const columns: Column<FleetAccount>[] = [
    {
      header: 'Account',
      width: canvas.page.contentWidth - 140 - 58 - 60 - 110,
      text: (row) => `${row.accountName} (${row.accountId})`,
    },
    { header: 'Benchmark', width: 140, text: (row) => row.benchmarkName },
    { header: 'Compliance', width: 58, align: 'right', text: (row) => displayPercentOrNa(row.percent) },
    {
      header: 'Accepted policies',
      width: 60,
      align: 'right',
      text: (row) => displayCount(row.accepted?.policies ?? 0),
    },
    { header: 'Expired exceptions', width: 110, text: (row) => row.accepted?.expired.join(', ') ?? '' },
  ];
  drawTable(canvas, columns, listed, { continued: 'Accepted risks per account (continued)' });
}
