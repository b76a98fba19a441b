import type { OcsfExceptions } from '../../model/ocsf-event.js';
import type { PolicyAcceptance } from '../../model/exceptions.js';
import type { ViewModel } from '../../model/view-model.js';
import { acceptanceText, exceptionsProvenance } from '../policy-acceptance.js';

/**
 * The finding `status_id` of an accepted policy: Suppressed, "reviewed, determined to be
 * benign … and is now suppressed", as a data lake filters accepted risk out of its open
 * findings. Its compliance status stays what the scan said (Fail): the risk is there.
 */
export const ocsfSuppressed = { id: 3, caption: 'Suppressed' } as const;

/** `status_detail` of an accepted policy: the exception, its expiry, owner and approver, and the reason. */
export function ocsfAcceptanceDetail(acceptance: PolicyAcceptance): string {
  const text = acceptanceText(acceptance);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * `unmapped.exceptions` of every event of a run with exceptions: each exceptions file
 * (path, SHA-256, ids) and the ids applied, so that an event read alone in a data lake
 * still says under which files its run was judged. Undefined for a run without.
 */
export function ocsfExceptionsOf(view: ViewModel): OcsfExceptions | undefined {
  const provenance = exceptionsProvenance(view);
  if (provenance === undefined) return undefined;
  return Object.freeze({
    files: provenance.files.map(({ path, sha256, ids }) => ({ path, sha256, ids: [...ids] })),
    applied: [...provenance.applied],
  });
}
