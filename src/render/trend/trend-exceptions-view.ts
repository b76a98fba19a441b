import type { TrendExceptions } from '../../model/trend.js';
import { displayCount } from '../display-values.js';

/** An exception of a trend as every trend document lists it. */
export interface TrendExceptionRow {
  id: string;
  state: string;
  /** The colour class of the state: Red when expired, Amber when expiring, none otherwise. */
  stateClass: string;
  expires: string;
  owner: string;
  approvedBy: string;
  reason: string;
  /** Policies it accepted in the latest scan (of each account, for a fleet). */
  acceptedCount: number;
  /** The same, as shown. */
  accepted: string;
  /** Where it is written: the file and the entry's pointer. */
  where: string;
  /** The ticket and its link, where the run has a ticket URL template (`--ticket-url`); else null. */
  ticket: string | null;
  ticketUrl: string | null;
}

/** What a trend document shows of its exceptions, beside the compliance as scanned. */
export interface TrendExceptionsView {
  /** The line that says how the scans were judged. */
  summary: string;
  warnings: string[];
  files: { path: string; sha256: string }[];
  exceptions: TrendExceptionRow[];
}

/**
 * The exceptions of a trend as its documents show them (HTML, PDF, XLSX, text): the
 * sentence that says how each scan was judged, the warnings of the latest scan, each file
 * with its SHA-256, and each exception with its state in the latest scan.
 */
export function trendExceptionsView(record: TrendExceptions): TrendExceptionsView {
  const applied = record.applied.length === 0 ? 'none' : record.applied.join(', ');
  return {
    summary: `Each scan is judged on its own day: an exception accepts a Red or Amber policy from its approval to its last day. The compliance stays as scanned; the policies accepted are shown beside it. States as of the latest scan, ${record.judgedOn}. Applied in some scan: ${applied}.`,
    warnings: record.warnings,
    files: record.files.map(({ path, sha256 }) => ({ path, sha256 })),
    exceptions: record.exceptions.map((exception) => ({
      id: exception.id,
      state: exception.state,
      stateClass: exception.state === 'expired' ? 'Red' : exception.state === 'expiring' ? 'Amber' : '',
      expires: exception.expires,
      owner: exception.owner,
      approvedBy: exception.approvedBy,
      reason: exception.reason,
      acceptedCount: exception.accepted.length,
      accepted: displayCount(exception.accepted.length),
      where: `${exception.file} ${exception.pointer}`,
      ticket: exception.ticket ?? null,
      ticketUrl: exception.ticketUrl ?? null,
    })),
  };
}

/** A scan's accepted policies as a table cell shows them: `–` in a trend without exceptions. */
export function acceptedText(accepted: number | undefined): string {
  return accepted === undefined ? '–' : displayCount(accepted);
}
