import {
  failingColourCodes,
  type SiteAcceptedPolicy,
  type SitePolicyFailure,
  type SitePolicyFix,
  type SitePolicyHistory,
} from '../../model/site.js';

const green = 1;

/** What one account's scans say of one policy, for the policy's page. */
export type PolicyStanding =
  | { kind: 'failing'; colour: number; since: number; firstSeen: number }
  | { kind: 'fixed'; fixed: number }
  | { kind: 'passing' | 'other' };

/**
 * Every policy an account's scans hold, its history as changes over the scans in order:
 * a pair at the first scan, then one only where the colour differs from the scan before.
 * A year of weekly scans of a steady policy is one pair, not 52 copies. `colours` are
 * the scans' bytes per policy (a scan recorded before the catalogue grew is shorter:
 * the policies after its end were not in it).
 */
export function policyHistories(colours: readonly Uint8Array[], policies: number): SitePolicyHistory[] {
  const histories: SitePolicyHistory[] = [];
  for (let policy = 0; policy < policies; policy += 1) {
    const changes: number[] = [];
    let before = -1;
    colours.forEach((scan, at) => {
      const code = scan[policy] ?? 0;
      if (code !== before) changes.push(at, code);
      before = code;
    });
    if (changes.some((value, at) => at % 2 === 1 && value !== 0)) histories.push({ policy, changes });
  }
  return histories;
}

/**
 * Where a policy stands in an account's latest scan, from its history: failing (Red,
 * Amber or another colour) since the first scan of its current run of failures, and
 * first seen failing at its first failing scan ever; fixed when it passes (Green) now
 * and failed before, since the scan it last turned Green.
 */
export function standingOf(history: SitePolicyHistory): PolicyStanding {
  const { changes } = history;
  const current = changes[changes.length - 1] ?? 0;
  let firstFailing = -1;
  for (let at = 1; at < changes.length; at += 2) {
    if (failingColourCodes.has(changes[at] as number)) {
      firstFailing = changes[at - 1] as number;
      break;
    }
  }
  if (failingColourCodes.has(current)) {
    let since = changes[changes.length - 2] as number;
    for (let at = changes.length - 3; at >= 1 && failingColourCodes.has(changes[at] as number); at -= 2)
      since = changes[at - 1] as number;
    return { kind: 'failing', colour: current, since, firstSeen: firstFailing };
  }
  if (current === green && firstFailing !== -1) return { kind: 'fixed', fixed: changes[changes.length - 2] as number };
  return { kind: current === green ? 'passing' : 'other' };
}

/** A policy's page entries of one account: built by the builder, one account at a time. */
export interface AccountStandings {
  failures: { policy: number; failure: SitePolicyFailure }[];
  fixes: { policy: number; fix: SitePolicyFix }[];
}

/**
 * The failing and fixed entries of one account's policies for their pages, with the
 * exceptions that accept a failure. `dateOf` gives a scan's date by its position.
 */
export function accountStandings(
  row: number,
  histories: readonly SitePolicyHistory[],
  accepted: readonly SiteAcceptedPolicy[],
  dateOf: (scan: number) => string | null,
): AccountStandings {
  const exceptionOf = new Map(accepted.map((one) => [one.policy, one.exception]));
  const standings: AccountStandings = { failures: [], fixes: [] };
  for (const history of histories) {
    const standing = standingOf(history);
    if (standing.kind === 'failing')
      standings.failures.push({
        policy: history.policy,
        failure: {
          row,
          colour: standing.colour,
          since: dateOf(standing.since),
          firstSeen: dateOf(standing.firstSeen),
          exception: exceptionOf.get(history.policy) ?? null,
        },
      });
    else if (standing.kind === 'fixed')
      standings.fixes.push({ policy: history.policy, fix: { row, fixed: dateOf(standing.fixed) } });
  }
  return standings;
}
