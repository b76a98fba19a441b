import type { ExceptionsRecord } from '../../model/exceptions.js';
import { plural } from '../../text/plural.js';

/** The states a trend warns of, in the order it lists them: the one to act on first. */
const warnedStates = ['expired', 'expiring', 'unused', 'unneeded'] as const;

type RecordedException = ExceptionsRecord['exceptions'][number];

/** How far an expiry is from the latest scan's day, `judgedOn`. */
function fromLatest(daysLeft: number, judgedOn: string): string {
  if (daysLeft === 0) return `the day of the latest scan, ${judgedOn}`;
  return `${plural(Math.abs(daysLeft), 'day')} ${daysLeft > 0 ? 'after' : 'before'} the latest scan, ${judgedOn}`;
}

/** One exception of a warned state in a sentence that says what it means and whom to ask. */
function warningOf(exception: RecordedException, judgedOn: string): string {
  const { id, expires, daysLeft, file, pointer } = exception;
  const owner = `owner ${exception.owner}`;
  const where = `(${file} ${pointer})`;
  switch (exception.state) {
    case 'expired':
      return `${id} expired ${expires} (${fromLatest(daysLeft, judgedOn)}), ${owner}: it accepts nothing since, and the policies it named fail again ${where}`;
    case 'expiring':
      return `${id} expires ${expires} (${fromLatest(daysLeft, judgedOn)}), ${owner} ${where}`;
    case 'unused':
      return `${id} matches no policy of the latest scan, ${owner} ${where}`;
    default:
      return `${id} matches only Green or Gray policies in the latest scan: the risk is gone, ${owner} ${where}`;
  }
}

/**
 * The warnings of a trend's exceptions, as its latest scan judged them: each exception expired, expiring, unused or
 * unneeded, in that order, then file order. Every output of the trend shows these same sentences.
 */
export function exceptionWarnings(record: ExceptionsRecord, judgedOn: string): string[] {
  return warnedStates.flatMap((state) =>
    record.exceptions.filter((exception) => exception.state === state).map((one) => warningOf(one, judgedOn)),
  );
}
