import type { ExceptionState } from '../../model/exceptions.js';
import { describeOutcome } from '../../analyse/exceptions/describe-outcome.js';
import type { GateMetric } from '../gate-metric.js';

/**
 * A metric of the run's exceptions in one state. It is the run's, not a report's: an
 * unused exception matches no report, so it is counted once for the run. A run given no
 * exceptions has none in any state (0), which is a value, not "nothing to measure". The
 * message names each one, with its date and its owner.
 */
function exceptionsIn(state: 'expired' | 'unused' | 'expiring', text: string): GateMetric {
  return {
    describe: text,
    bound: 'number',
    reads: ['min', 'max'],
    unit: '',
    ofRun: true,
    measure: (_reports, _assertion, _formula, run) => {
      const found = run.exceptions.filter((outcome) => outcome.state === (state satisfies ExceptionState));
      return found.length === 0
        ? { value: 0 }
        : { value: found.length, detail: found.map(describeOutcome[state]).join('; ') };
    },
  };
}

/** Exceptions past their expiry: their policies fail again. */
export const expiredExceptions = exceptionsIn('expired', 'exceptions past their expiry, whose policies fail again');

/** Exceptions that match no policy of the run. */
export const unusedExceptions = exceptionsIn('unused', 'exceptions that match no policy of the run');

/** Exceptions in force within the warning days of their expiry (--expiry-warning, 30 by default). */
export const expiringExceptions = exceptionsIn(
  'expiring',
  'exceptions in force within the warning days of their expiry',
);
