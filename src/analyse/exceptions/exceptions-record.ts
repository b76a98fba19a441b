import type { AcceptedRisks, ExceptionsRecord } from '../../model/exceptions.js';

/**
 * The record of what a run's exceptions did, as every machine-readable output carries it:
 * each file with its SHA-256 and ids, the ids that accepted a policy, and every exception's
 * state. One function for the `--result` file and the findings formats, so that no two of
 * them can record a run differently.
 */
export function exceptionsRecord(risks: AcceptedRisks): ExceptionsRecord {
  return {
    files: risks.files,
    applied: risks.outcomes.filter((outcome) => outcome.accepted.length > 0).map((outcome) => outcome.exception.id),
    exceptions: risks.outcomes.map(({ exception, state, daysLeft, accepted }) => ({
      id: exception.id,
      state,
      expires: exception.expires,
      daysLeft,
      owner: exception.owner,
      approvedBy: exception.approvedBy,
      reason: exception.reason,
      file: exception.file,
      pointer: exception.pointer,
      // The ticket is recorded with its link, where the run has a ticket URL template.
      ...(exception.ticket === undefined || exception.ticketUrl === undefined
        ? {}
        : { ticket: exception.ticket, ticketUrl: exception.ticketUrl }),
      accepted: accepted.map(({ source, pointer, policyId }) => ({ source, pointer, policyId })),
    })),
  };
}
