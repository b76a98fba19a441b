import type { AccountOverlap } from '../analyse/account-overlap.js';
import { displayCount } from './display-values.js';

/** Accounts a note names before it counts the rest. */
const namedAccounts = 3;

function accountText(overlap: AccountOverlap): string {
  return `${overlap.accountName} has ${displayCount(overlap.reports)} benchmark reports whose ${displayCount(overlap.policies)} policies are ${displayCount(overlap.distinctPolicies)} distinct policy ids`;
}

/**
 * What the roll-up counts, in the words every document prints beside it when one
 * account's benchmark reports share policies (see rollUpReports), or null when none do:
 * `The roll-up counts each benchmark report's policies: a policy mapped into several
 * benchmarks of one account counts once per benchmark. Contoso Azure has 3 benchmark
 * reports whose 188 policies are 109 distinct policy ids.`
 */
export function rollUpCountingNote(overlaps: readonly AccountOverlap[]): string | null {
  if (overlaps.length === 0) return null;
  const named = overlaps.slice(0, namedAccounts).map(accountText);
  const more = overlaps.length - named.length;
  const rest = more > 0 ? `; and ${displayCount(more)} more account${more === 1 ? '' : 's'} alike` : '';
  return `The roll-up counts each benchmark report's policies: a policy mapped into several benchmarks of one account counts once per benchmark. ${named.join('; ')}${rest}.`;
}
