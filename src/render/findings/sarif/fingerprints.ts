import { hash } from 'node:crypto';

/** The key of the one partial fingerprint each result carries; the suffix versions its recipe. */
export const fingerprintKey = 'cspmFindingHash/v1';

const opening = `{${JSON.stringify(fingerprintKey)}:"`;

/**
 * Gives each result a fingerprint that GitHub code scanning can follow from run to run,
 * as the JSON text of the result's `partialFingerprints`. It hashes what the problem is
 * and where, by identity rather than by position: rule, file, and the place in the
 * report by ids (benchmark, account, category, policy, then the field), so a finding
 * keeps its fingerprint when unrelated policies or findings are added. Results with the
 * same identity (a policy id repeated in one category, say) are told apart by their
 * order of appearance, because results sharing a fingerprint would be merged into one
 * alert.
 */
export function createFingerprinter(): (identity: string) => string {
  const seen = new Map<string, number>();
  return (identity) => {
    const count = seen.get(identity) ?? 0;
    seen.set(identity, count + 1);
    const key = count === 0 ? identity : `${identity}\u0000#${count}`;
    return `${opening}${hash('sha256', key, 'hex')}"}`;
  };
}
