import { isFailingColour } from '../../analyse/colour-rank.js';
import { rollUpFigures } from '../../analyse/roll-up.js';
import type { Analysis } from '../../model/analysis.js';
import type { AcceptedRisks, ExceptionMatch, ExceptionOutcome, ExceptionState } from '../../model/exceptions.js';
import { displayCount } from '../../text/display-count.js';
import { plural } from '../../text/plural.js';

/*
 * The words every findings format uses of a run's exceptions (FindingsRun.exceptions), so
 * that the text, the Markdown, the annotations and the machine-readable outputs of one run
 * name the same policies, counts and exceptions.
 */

/** An accepted policy and the exception that accepts it. */
export interface AcceptedPolicy {
  match: ExceptionMatch;
  outcome: ExceptionOutcome;
}

/** The states a run warns of or fails on, in the order the formats list them: the one that fails first. */
export const namedStates = ['expired', 'expiring', 'unused', 'unneeded'] as const satisfies readonly ExceptionState[];

/**
 * Every accepted policy of the run once, with the first exception (in file order) that
 * accepts it: two exceptions naming one policy accept it once, as the gate counts it.
 */
export function acceptedPolicies(risks: AcceptedRisks): AcceptedPolicy[] {
  const seen = new Set<string>();
  const list: AcceptedPolicy[] = [];
  for (const outcome of risks.outcomes) {
    for (const match of outcome.accepted) {
      const key = `${match.source}\u0000${match.pointer}`;
      if (seen.has(key)) continue;
      seen.add(key);
      list.push({ match, outcome });
    }
  }
  return list;
}

/**
 * The accepted policies by name, each with its exception (`VMDiskEncryption under
 * EXC-1`), the first `most` of them and a count of the rest: what a one-line format
 * (a GitHub annotation) says of them.
 */
export function acceptedPolicyNames(risks: AcceptedRisks, most = 5): string {
  const accepted = acceptedPolicies(risks);
  const named = accepted.slice(0, most).map(({ match, outcome }) => `${match.policyId} under ${outcome.exception.id}`);
  const rest = accepted.length - named.length;
  return `${named.join(', ')}${rest > 0 ? ` and ${displayCount(rest)} more` : ''}`;
}

/** The exceptions of the run in `state`, in file order. */
export function outcomesIn(risks: AcceptedRisks, state: ExceptionState): ExceptionOutcome[] {
  return risks.outcomes.filter((outcome) => outcome.state === state);
}

/** `in 12 days`, `today`, or `3 days ago`: how far the expiry is from the run's day. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  return daysLeft > 0 ? `in ${plural(daysLeft, 'day')}` : `${plural(-daysLeft, 'day')} ago`;
}

/** `AccountName (AccountId)`, or one of them when they are the same. */
export function accountText(match: ExceptionMatch): string {
  return match.accountName === match.accountId || match.accountName === ''
    ? match.accountId
    : `${match.accountName} (${match.accountId})`;
}

/**
 * An exception of a named state, in one sentence that says what it means and whom to ask:
 * `EXC-2 expired 2026-11-30 (1 day ago), owner a@b: its 2 policies fail again (risks.yaml /exceptions/1)`.
 */
export function describeOutcome(outcome: ExceptionOutcome): string {
  const { exception, state, daysLeft, matches } = outcome;
  const where = `${exception.file} ${exception.pointer}`;
  const owner = `owner ${exception.owner}`;
  switch (state) {
    case 'expired': {
      const failing = matches.filter((match) => isFailingColour(match.compliance)).length;
      const again =
        failing === 0
          ? ''
          : `: ${plural(failing, 'policy', 'policies')} it named ${failing === 1 ? 'fails' : 'fail'} again`;
      return `${exception.id} expired ${exception.expires} (${daysLeftText(daysLeft)}), ${owner}${again} (${where})`;
    }
    case 'expiring':
      return `${exception.id} expires ${exception.expires} (${daysLeftText(daysLeft)}), ${owner} (${where})`;
    case 'unused':
      return `${exception.id} matches no policy of the run, ${owner} (${where})`;
    case 'unneeded':
      return `${exception.id} matches only Green or Gray policies: the risk is gone, ${owner} (${where})`;
    default:
      return `${exception.id} is active until ${exception.expires}, ${owner} (${where})`;
  }
}

/**
 * The run's exceptions in one line: `3 policies accepted under 2 exceptions; 1 expired:
 * EXC-2 (expired 2026-11-30, owner a@b); 1 unused: EXC-3`.
 */
export function describeAcceptedRisks(risks: AcceptedRisks): string {
  const accepted = acceptedPolicies(risks);
  const applying = risks.outcomes.filter((outcome) => outcome.accepted.length > 0).length;
  const parts = [
    `${plural(accepted.length, 'policy', 'policies')} accepted under ${displayCount(applying)} of ${plural(risks.outcomes.length, 'exception')}`,
  ];
  for (const state of namedStates) {
    const found = outcomesIn(risks, state);
    if (found.length === 0) continue;
    const names = found.map(({ exception, daysLeft }) =>
      state === 'expired' || state === 'expiring'
        ? `${exception.id} (${state} ${exception.expires}, ${daysLeftText(daysLeft)}, owner ${exception.owner})`
        : exception.id,
    );
    parts.push(`${displayCount(found.length)} ${state}: ${names.join(', ')}`);
  }
  return parts.join('; ');
}

/**
 * The failing policies both ways: as the scan said them (Red, Amber and any colour the
 * service adds) and with the accepted ones set apart, never counted as passing.
 */
export function failingBothWays(analysis: Analysis, risks: AcceptedRisks): string {
  const { figures } = rollUpFigures(analysis);
  const scanned = figures.red + figures.amber + figures.other;
  const accepted = acceptedPolicies(risks).length;
  return `${plural(scanned, 'failing policy', 'failing policies')} as scanned (Red or Amber); ${displayCount(Math.max(0, scanned - accepted))} with the ${displayCount(accepted)} accepted set apart`;
}

/** What a machine-readable format's note of an accepted policy says: the exception, its owner, expiry and reason. */
export function acceptedText({ outcome }: AcceptedPolicy): string {
  const { exception, daysLeft } = outcome;
  return `accepted: ${exception.id} (${exception.owner}, expires ${exception.expires}, ${daysLeftText(daysLeft)}): ${exception.reason}`;
}
