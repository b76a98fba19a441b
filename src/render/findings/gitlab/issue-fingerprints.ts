import { hash } from 'node:crypto';

/**
 * Gives each issue a fingerprint: the MD5 hex of its identity, as Code Climate's engines
 * write it. Callers make the identity of what the problem is and where (rule, file,
 * pointer, and the ids of benchmark, account, category and policy), never of the run (a
 * job id, a scan date) or of the message, so that the same problem keeps its fingerprint
 * from run to run. Issues of the same identity (a policy id repeated in one category,
 * say) are told apart by their order of appearance: GitLab would take two issues with one
 * fingerprint for one.
 */
export function createIssueFingerprinter(): (...parts: string[]) => string {
  const seen = new Map<string, number>();
  return (...parts) => {
    const identity = parts.join('\u0000');
    const count = seen.get(identity) ?? 0;
    seen.set(identity, count + 1);
    return hash('md5', count === 0 ? identity : `${identity}\u0000#${count}`, 'hex');
  };
}
