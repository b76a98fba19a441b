import type { FleetAccount } from '../../model/fleet.js';
import { plural } from '../../text/plural.js';

/** The rows with accepted policies or expired exceptions, in the order given (the worst first). */
export function acceptedAccounts(rows: readonly FleetAccount[]): FleetAccount[] {
  return rows.filter((row) => (row.accepted?.policies ?? 0) > 0 || (row.accepted?.expired.length ?? 0) > 0);
}

/**
 * The fleet's accepted risks in one line, as every fleet document states them:
 * `3 policies accepted in 2 of 14 benchmark reports; 1 expired exception in 1`.
 */
export function fleetAcceptedSummary(rows: readonly FleetAccount[]): string {
  const accepted = rows.reduce((sum, row) => sum + (row.accepted?.policies ?? 0), 0);
  const withAccepted = rows.filter((row) => (row.accepted?.policies ?? 0) > 0).length;
  const expired = rows.reduce((sum, row) => sum + (row.accepted?.expired.length ?? 0), 0);
  const withExpired = rows.filter((row) => (row.accepted?.expired.length ?? 0) > 0).length;
  const first = `${plural(accepted, 'policy', 'policies')} accepted in ${plural(withAccepted, 'benchmark report')} of ${rows.length}`;
  return expired === 0
    ? `${first}; no expired exception`
    : `${first}; ${plural(expired, 'expired exception')} in ${plural(withExpired, 'report')}`;
}
