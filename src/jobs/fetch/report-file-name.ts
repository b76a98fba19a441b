import { createHash } from 'node:crypto';
import type { AuditSummaryIds } from '../../client/create-client.js';

/** Characters kept as they are in a file name on every common file system. */
const unsafe = /[^A-Za-z0-9._-]/g;
const maxIdLength = 64;

/**
 * The base name of a fetched report's files: `<account>_<benchmark>_<job>`. Ids are
 * the service's, and may hold any character: each one outside letters, digits, `.`,
 * `_` and `-` becomes `_`, a long id is cut, and when either changed the name gets a
 * short hash of the ids as given, so that two targets never share a name and the same
 * target always gets the same one.
 */
export function reportFileName(ids: AuditSummaryIds): string {
  const parts = [ids.accountId, ids.benchmarkId, ids.jobId];
  const safe = parts.map((part) => part.replace(unsafe, '_').slice(0, maxIdLength));
  let name = safe.join('_');
  if (safe.some((part, index) => part !== parts[index]) || name.startsWith('.')) {
    const hash = createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 8);
    name = `${name.replace(/^\./, '_')}-${hash}`;
  }
  return name;
}
