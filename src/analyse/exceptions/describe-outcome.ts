import type { ExceptionOutcome, ExceptionState } from '../../model/exceptions.js';
import { plural } from '../../text/plural.js';

/** When an exception in force ends: `today`, or `in 3 days`. */
function endsIn(daysLeft: number): string {
  return daysLeft === 0 ? 'today' : `in ${plural(daysLeft, 'day')}`;
}

/**
 * How a message names an exception in each state: enough to find it (its id, or its file
 * and pointer) and, where a date is at stake, its owner, who must renew or drop it.
 */
export const describeOutcome: Readonly<Record<ExceptionState, (outcome: ExceptionOutcome) => string>> = {
  active: ({ exception, daysLeft }) => `${exception.id} is in force until ${exception.expires} (${endsIn(daysLeft)})`,
  expiring: ({ exception, daysLeft }) =>
    `${exception.id} expires ${exception.expires} (${endsIn(daysLeft)}), owner ${exception.owner}`,
  expired: ({ exception, daysLeft }) =>
    `${exception.id} expired ${exception.expires} (${plural(-daysLeft, 'day')} ago), owner ${exception.owner}`,
  unused: ({ exception }) => `${exception.id} (${exception.file} ${exception.pointer}) matches no policy`,
  unneeded: ({ exception }) =>
    `${exception.id} (${exception.file} ${exception.pointer}) matches only Green or Gray policies: the risk is gone`,
};
