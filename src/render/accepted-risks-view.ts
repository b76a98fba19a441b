import { isFailingColour } from '../analyse/colour-rank.js';
import type { AcceptedRisks, ExceptionMatch, ExceptionOutcome, PolicyAcceptance } from '../model/exceptions.js';
import type { AcceptedPolicyView, AcceptedRiskView, AcceptedRisksView } from '../model/view-model.js';
import { plural } from '../text/plural.js';

/** How many of the applying exceptions an executive summary names by their expiry. */
const nearestShown = 5;

/**
 * The accepted risks of a document of `sources`: every exception that matches one of its
 * policies, and every one that matches nothing in the run (an unused exception is the
 * reader's business in every document, as it may be a typo that hides a real acceptance).
 *
 * @param shownPath how the document shows a file's path (its name, or the path with `showPaths`)
 */
export function acceptedRisksView(
  risks: AcceptedRisks,
  sources: ReadonlySet<string>,
  shownPath: (path: string) => string,
): AcceptedRisksView {
  const inDocument = (match: ExceptionMatch): boolean => sources.has(match.source);
  const exceptions = risks.outcomes
    .filter((outcome) => outcome.matches.length === 0 || outcome.matches.some(inDocument))
    .map((outcome) => riskView(outcome, inDocument, shownPath));
  const counts = { acceptedPolicies: 0, active: 0, expiring: 0, expired: 0, unused: 0, unneeded: 0 };
  for (const view of exceptions) {
    counts[view.state] += 1;
    counts.acceptedPolicies += view.accepted.length;
  }
  const nearestExpiries = exceptions
    .filter((view) => view.state === 'active' || view.state === 'expiring')
    .sort((a, b) => a.daysLeft - b.daysLeft || a.id.localeCompare(b.id))
    .slice(0, nearestShown);
  const files = risks.files.map((file) => ({ ...file, path: shownPath(file.path) }));
  return { exceptions, counts, nearestExpiries, files, judgedOn: risks.judgedOn };
}

function riskView(
  outcome: ExceptionOutcome,
  inDocument: (match: ExceptionMatch) => boolean,
  shownPath: (path: string) => string,
): AcceptedRiskView {
  const { exception, state, daysLeft } = outcome;
  const failing = (match: ExceptionMatch): boolean => isFailingColour(match.compliance);
  return {
    id: exception.id,
    state,
    stateText: stateText(outcome),
    policies: exception.policies,
    accounts: exception.accounts,
    benchmark: exception.benchmark ?? null,
    category: exception.category ?? null,
    reason: exception.reason,
    owner: exception.owner,
    approvedBy: exception.approvedBy,
    approved: exception.approved,
    expires: exception.expires,
    daysLeft,
    ticket: exception.ticket ?? null,
    ticketUrl: exception.ticketUrl ?? null,
    file: shownPath(exception.file),
    pointer: exception.pointer,
    accepted: outcome.accepted.filter(inDocument).map(policyView),
    failingAgain: state === 'expired' ? outcome.matches.filter((m) => inDocument(m) && failing(m)).map(policyView) : [],
  };
}

/** The state in words, with the days that make it: what a reader a year later needs beside the date. */
export function stateText(outcome: Pick<ExceptionOutcome, 'state' | 'daysLeft'>): string {
  const { state, daysLeft } = outcome;
  if (state === 'expired') return `expired ${plural(-daysLeft, 'day')} ago`;
  if (state === 'unused') return 'unused: matches no policy';
  if (state === 'unneeded') return 'unneeded: every policy it names passes';
  const left = daysLeft === 0 ? 'last day' : `${plural(daysLeft, 'day')} left`;
  return state === 'expiring' ? `expiring: ${left}` : `active: ${left}`;
}

function policyView(match: ExceptionMatch): AcceptedPolicyView {
  const { policyId, accountName, accountId, benchmarkId, compliance, severity } = match;
  return { policyId, accountName, accountId, benchmarkId, compliance, severity };
}

/**
 * The acceptance of each accepted policy of the run, by input and by the policy's pointer
 * in it: what an output that lists policies marks each with.
 */
export function acceptancesBySource(risks: AcceptedRisks): Map<string, Map<string, PolicyAcceptance>> {
  const bySource = new Map<string, Map<string, PolicyAcceptance>>();
  for (const { exception, state, daysLeft, accepted } of risks.outcomes) {
    if (state !== 'active' && state !== 'expiring') continue;
    const acceptance: PolicyAcceptance = {
      id: exception.id,
      state,
      expires: exception.expires,
      daysLeft,
      reason: exception.reason,
      owner: exception.owner,
      approvedBy: exception.approvedBy,
      ...(exception.ticket === undefined ? {} : { ticket: exception.ticket }),
      ...(exception.ticketUrl === undefined ? {} : { ticketUrl: exception.ticketUrl }),
    };
    for (const match of accepted) {
      let byPointer = bySource.get(match.source);
      if (byPointer === undefined) bySource.set(match.source, (byPointer = new Map()));
      // Two exceptions may accept one policy: the first in file order is the one shown.
      if (!byPointer.has(match.pointer)) byPointer.set(match.pointer, acceptance);
    }
  }
  return bySource;
}
