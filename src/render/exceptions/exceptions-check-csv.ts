import type { ExceptionOutcome, ExceptionsCheck } from '../../model/exceptions.js';
import { csvText } from '../csv/csv-cell.js';
import type { ExceptionsRenderer } from '../formats/output-format.js';
import { isAccepted } from './exceptions-check-facts.js';

const columns = [
  'id',
  'state',
  'expires',
  'days_left',
  'owner',
  'approved_by',
  'approved',
  'reason',
  'ticket',
  'policies',
  'accounts',
  'benchmark',
  'category',
  'file',
  'pointer',
  'matched_policies',
  'accepted_policies',
  'judged_against',
  'run_verdict',
] as const;

/** A field as RFC 4180 writes it: quoted when it holds a quote, a comma or a line break, its quotes doubled. */
function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The columns that are the run's, not an exception's: the same on every row. */
function runCells(result: ExceptionsCheck): Partial<Record<(typeof columns)[number], string>> {
  return { judged_against: result.matched ? 'reports' : 'dates', run_verdict: result.verdict.status };
}

function cells(outcome: ExceptionOutcome, result: ExceptionsCheck): Record<(typeof columns)[number], string> {
  const { exception } = outcome;
  const policies = (accepted: boolean): string =>
    outcome.matches
      .filter((match) => !accepted || isAccepted(outcome, match))
      .map((match) => `${match.policyId}@${match.accountId}`)
      .join(' ');
  return {
    id: exception.id,
    state: outcome.state,
    expires: exception.expires,
    days_left: String(outcome.daysLeft),
    owner: exception.owner,
    approved_by: exception.approvedBy,
    approved: exception.approved,
    reason: exception.reason,
    ticket: exception.ticket ?? '',
    policies: exception.policies.join(' '),
    accounts: exception.accounts.join(' '),
    benchmark: exception.benchmark ?? '',
    category: exception.category ?? '',
    file: exception.file,
    pointer: exception.pointer,
    matched_policies: policies(false),
    accepted_policies: policies(true),
    judged_against: '',
    run_verdict: '',
    ...runCells(result),
  };
}

/**
 * `exceptions check` as RFC 4180 CSV (CRLF line ends), one row per exception. Each row
 * says what it was judged against (`reports`, or `dates` alone, when unused and unneeded
 * were not judged) and the run's verdict, so that the file states the exit code. The
 * days left is a number (negative once expired); text goes through the CSV export's guard.
 * Files that hold no exception give one row with only those two columns filled in.
 */
export function renderExceptionsCheckCsv(result: ExceptionsCheck): string {
  const rows = result.outcomes.map((outcome) => {
    const row = cells(outcome, result);
    return columns.map((column) => field(column === 'days_left' ? row[column] : csvText(row[column]))).join(',');
  });
  // Files with no exception still state the verdict: one row with the run's columns only.
  if (rows.length === 0) rows.push(columns.map((column) => runCells(result)[column] ?? '').join(','));
  return [columns.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}

/** The CSV writer of `exceptions check`. */
export const exceptionsCheckCsv: ExceptionsRenderer = {
  extension: 'csv',
  mediaType: 'text/csv; charset=utf-8; header=present',
  describe: 'RFC 4180 CSV, a row per exception',
  render: renderExceptionsCheckCsv,
};
