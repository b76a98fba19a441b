import { isFailingColour } from '../colour-rank.js';
import type { AcceptedRisks, ExceptionMatch } from '../../model/exceptions.js';
import type { FleetAcceptedRisks } from '../../model/fleet.js';

/**
 * The accepted risks of the report at `pointer` in `source`: the policies accepted in it,
 * and the ids of the exceptions that expired on its failing policies. Matched by the
 * policies' pointers, so that two reports of one file are told apart.
 */
export function fleetAcceptedRisks(risks: AcceptedRisks, source: string, pointer: string): FleetAcceptedRisks {
  const prefix = `${pointer}/`;
  const inReport = (match: ExceptionMatch): boolean => match.source === source && match.pointer.startsWith(prefix);
  let policies = 0;
  const expired: string[] = [];
  for (const outcome of risks.outcomes) {
    policies += outcome.accepted.filter(inReport).length;
    const failingAgain = outcome.matches.some((match) => inReport(match) && isFailingColour(match.compliance));
    if (outcome.state === 'expired' && failingAgain) expired.push(outcome.exception.id);
  }
  return { policies, expired };
}
