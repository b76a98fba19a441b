import type { AcceptedPolicyView, AcceptedRiskView, AcceptedRisksView } from '../../model/view-model.js';
import { acceptedRisksSummary } from '../accepted-marks.js';
import { excelSerial } from './excel-date.js';
import type { PreambleLine, TableColumn, TableSheet } from './table-sheet.js';
import { colourStyle, dayStyle, titleStyle, type CellStyle } from './xlsx-styles.js';

/** One exception and one policy it accepts (or, once expired, that fails again); no policy for unused ones. */
interface AcceptedRow {
  risk: AcceptedRiskView;
  policy: AcceptedPolicyView | null;
}

const stateFill: Partial<Record<AcceptedRiskView['state'], CellStyle | undefined>> = {
  expired: colourStyle.get('Red'),
  expiring: colourStyle.get('Amber'),
};

/** A `YYYY-MM-DD` day as a date cell: a serial a spreadsheet sorts and filters as a date. */
export function dayCell(day: string): number {
  return excelSerial(new Date(`${day}T00:00:00Z`));
}

function rowsOf(risks: AcceptedRisksView): AcceptedRow[] {
  return risks.exceptions.flatMap((risk): AcceptedRow[] => {
    const policies = risk.state === 'expired' ? risk.failingAgain : risk.accepted;
    return policies.length === 0 ? [{ risk, policy: null }] : policies.map((policy) => ({ risk, policy }));
  });
}

const text = (header: string, max: number, value: (row: AcceptedRow) => string | null): TableColumn<AcceptedRow> => ({
  header,
  kind: 'text',
  width: { max, wrapHeader: true },
  value,
});

const day = (header: string, value: (risk: AcceptedRiskView) => string): TableColumn<AcceptedRow> => ({
  header,
  kind: 'date',
  width: { min: 11, max: 12, wrapHeader: true },
  value: (row) => dayCell(value(row.risk)),
  style: () => dayStyle,
});

function preamble(risks: AcceptedRisksView): PreambleLine[] {
  return [
    { label: 'Accepted risks', labelStyle: titleStyle },
    { label: 'Judged on', value: dayCell(risks.judgedOn), valueStyle: dayStyle },
    { label: 'Counts', value: acceptedRisksSummary(risks) },
    {
      label: 'Figures',
      value: 'As scanned: an accepted policy keeps its colour, and is counted apart, never as Green.',
    },
    ...risks.files.map((file) => ({
      label: 'File',
      value: `${file.path} · SHA-256 ${file.sha256} · ${file.ids.join(', ')}`,
    })),
  ];
}

/**
 * The Accepted risks sheet, in a workbook rendered with exceptions: one row per exception
 * and policy it accepts (an expired one with the policies that fail again, an unused or
 * unneeded one alone), with its owner, approver, reason and state; the approval and expiry
 * are dates and the days left a number, so that a reader can sort and filter on them.
 * Above the table, the day they were judged and each exceptions file with its SHA-256.
 */
export function acceptedRisksSheet(risks: AcceptedRisksView): TableSheet<AcceptedRow> {
  const expired = risks.counts.expired > 0;
  return {
    name: 'Accepted risks',
    keyColumns: 2,
    preamble: preamble(risks),
    freezeHeader: false,
    wrap: true,
    columns: [
      text('Exception', 16, (row) => row.risk.id),
      {
        ...text('State', 12, (row) => row.risk.state),
        // The day judged, above the table, shares this column: wide enough for a date.
        width: { min: 11, max: 12, wrapHeader: true },
        // Expired (its policies fail again) filled Red, expiring Amber: the rows a reader acts on.
        style: (row) => stateFill[row.risk.state],
      },
      text('Policy id', 40, (row) => row.policy?.policyId ?? row.risk.policies.join(', ')),
      text('Account', 24, (row) => row.policy?.accountName ?? null),
      {
        ...text('Compliance', 12, (row) => row.policy?.compliance ?? null),
        style: (row) => (row.policy ? colourStyle.get(row.policy.compliance) : undefined),
      },
      text('Severity', 10, (row) => row.policy?.severity ?? null),
      text('Owner', 28, (row) => row.risk.owner),
      text('Approved by', 28, (row) => row.risk.approvedBy),
      day('Approved', (risk) => risk.approved),
      day('Expires', (risk) => risk.expires),
      { header: 'Days left', kind: 'count', width: { max: 8, wrapHeader: true }, value: (row) => row.risk.daysLeft },
      text('Reason', 60, (row) => row.risk.reason),
      text('State in words', 30, (row) => row.risk.stateText),
      { ...text('Ticket', 16, (row) => row.risk.ticket), link: (row) => row.risk.ticketUrl },
      text('Accounts', 30, (row) => row.risk.accounts.join(', ')),
      text('Account id', 38, (row) => row.policy?.accountId ?? null),
      text('Benchmark id', 24, (row) => row.policy?.benchmarkId ?? row.risk.benchmark),
      text('File', 30, (row) => `${row.risk.file} ${row.risk.pointer}`),
    ],
    printedColumns: 12,
    rows: () => rowsOf(risks),
    ...(expired ? { tabColour: 'FFC00000' } : {}),
  };
}
