import type { ExceptionOutcome, ExceptionState } from '../../model/exceptions.js';
import { plural } from '../../text/plural.js';

/** The states a run tells of: every one but active, which needs no one's attention. */
export type NotableState = Exclude<ExceptionState, 'active'>;

/**
 * How a message names an exception in each state worth telling: enough to find it (its
 * id, or its file and pointer) and, where a date is at stake, its owner, who must renew
 * or drop it.
 */
export const describeOutcome: Readonly<Record<NotableState, (outcome: ExceptionOutcome) => string>> = {
  expiring: ({ exception, daysLeft }) =>
    `${exception.id} expires ${exception.expires} (${daysLeft === 0 ? 'today' : `in ${plural(daysLeft, 'day')}`}), owner ${exception.owner}`,
  expired: ({ exception, daysLeft }) =>
    `${exception.id} expired ${exception.expires} (${plural(-daysLeft, 'day')} ago), owner ${exception.owner}`,
  unused: ({ exception }) => `${exception.id} (${exception.file} ${exception.pointer}) matches no policy`,
  unneeded: ({ exception }) =>
    `${exception.id} (${exception.file} ${exception.pointer}) matches only Green or Gray policies: the risk is gone`,
};
