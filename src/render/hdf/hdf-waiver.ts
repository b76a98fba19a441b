import type { PolicyAcceptance } from '../../model/exceptions.js';
import type { ViewModel } from '../../model/view-model.js';
import { exceptionsProvenance } from '../policy-acceptance.js';

/**
 * `"waiver_data":{…}` of an accepted policy's control, as JSON members after its results.
 * The scan did check the policy, so `run` is true and the failing result stays as it
 * was; `skipped_due_to_waiver` is true because it is what makes the SAF tools set the
 * control's verdict aside (inspecjs's `waived`, Heimdall's waived control, counted Not
 * Applicable rather than Failed): with it false, they would show an accepted risk as an
 * open failure, and the acceptance only in a field no view reads. The expiry is the
 * exception's, so that an auditor a year later sees when the acceptance ran out.
 */
export function hdfWaiverJson(acceptance: PolicyAcceptance): string {
  const link = acceptance.ticketUrl === undefined ? '' : ` ${acceptance.ticketUrl}`;
  const ticket = acceptance.ticket === undefined ? '' : `, ticket ${acceptance.ticket}${link}`;
  const waiver = {
    justification: acceptance.reason,
    expiration_date: acceptance.expires,
    run: true,
    skipped_due_to_waiver: true,
    message: `accepted under ${acceptance.id} until ${acceptance.expires}, owner ${acceptance.owner}, approved by ${acceptance.approvedBy}${ticket}`,
  };
  return `,"waiver_data":${JSON.stringify(waiver)}`;
}

/** The name of the profile attribute that records a run's exceptions files. */
export const hdfExceptionsAttribute = 'cspm-report exceptions';

/**
 * A profile's `attributes` (InSpec's inputs) of a run with exceptions: one that records
 * each exceptions file (path, SHA-256, ids) and the ids applied, as InSpec records the
 * inputs a profile ran with; none for a run without, whose profiles keep theirs empty.
 */
export function hdfAttributes(view: ViewModel): unknown[] {
  const provenance = exceptionsProvenance(view);
  if (provenance === undefined) return [];
  const files = provenance.files.map(({ path, sha256, ids }) => ({ path, sha256, ids }));
  return [
    {
      name: hdfExceptionsAttribute,
      options: {
        description: 'The exceptions files (accepted risks) the run read, and the ids it applied',
        value: { files, applied: provenance.applied },
      },
    },
  ];
}
