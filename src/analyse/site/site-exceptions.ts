import type { ExceptionsRecord } from '../../model/exceptions.js';
import type { SiteAcceptedPolicy, SiteException } from '../../model/site.js';
import type { ScanJudgement } from '../trend/scan-exceptions.js';
import type { BenchmarkCatalogue } from './benchmark-catalogue.js';

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

/**
 * The latest scan's accepted policies by their position in the catalogue, one entry per
 * policy; an exception that expired before `asOf` accepts none (fail closed).
 */
export function acceptedPolicies(
  judgement: ScanJudgement | undefined,
  catalogue: BenchmarkCatalogue,
  asOf: string | undefined,
): SiteAcceptedPolicy[] {
  if (judgement === undefined) return [];
  const accepted = new Map<number, string>();
  for (const outcome of judgement.outcomes) {
    if (asOf !== undefined && outcome.exception.expires < asOf) continue;
    for (const match of outcome.accepted) {
      const policy = catalogue.positionOf(match.policyId);
      if (policy !== undefined && !accepted.has(policy)) accepted.set(policy, outcome.exception.id);
    }
  }
  return [...accepted.entries()].map(([policy, exception]) => ({ policy, exception }));
}
