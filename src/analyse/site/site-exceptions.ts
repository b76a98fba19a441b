import type { ExceptionsRecord } from '../../model/exceptions.js';
import type { SiteException } from '../../model/site.js';

/**
 * The run's exceptions as the overview lists them, the nearest expiry first (an expired
 * one first of all: its policies fail again), each with the policies it accepts in the
 * accounts' latest scans and in how many accounts.
 *
 * @param accepted   policies each exception accepts on the site, by id
 * @param acceptedIn accounts in which each exception accepts a policy, by id
 */
export function siteExceptions(
  record: ExceptionsRecord,
  accepted: ReadonlyMap<string, number>,
  acceptedIn: ReadonlyMap<string, number>,
): SiteException[] {
  return record.exceptions
    .map((exception) => ({
      id: exception.id,
      state: exception.state,
      owner: exception.owner,
      reason: exception.reason,
      approvedBy: exception.approvedBy,
      expires: exception.expires,
      daysLeft: exception.daysLeft,
      ticket: exception.ticket ?? null,
      ticketUrl: exception.ticketUrl ?? null,
      accepted: accepted.get(exception.id) ?? 0,
      accounts: acceptedIn.get(exception.id) ?? 0,
    }))
    .sort((a, b) => a.daysLeft - b.daysLeft || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
