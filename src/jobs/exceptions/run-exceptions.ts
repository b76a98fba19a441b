import { judgeExceptions } from '../../analyse/exceptions/judge-exceptions.js';
import type { Analysis } from '../../model/analysis.js';
import type { AcceptedRisks } from '../../model/exceptions.js';
import { dayOf, dayText } from '../../text/calendar-day.js';
import { readExceptions, type RunExceptions } from './read-exceptions.js';
import { checkTicketUrl, withTicketLinks } from './ticket-link.js';

/** The options of a job that takes exceptions (accepted risks). */
export interface ExceptionsOptions {
  /** Exceptions files to read (`--exceptions`, repeatable), or exceptions already read (readExceptions). */
  exceptions?: readonly string[] | RunExceptions;
  /** The run's day, on which expiries are judged (UTC); by default now. */
  today?: Date;
  /** An exception this many days or fewer from its expiry is expiring (`--expiry-warning`, 30 by default). */
  expiryWarningDays?: number;
  /** The longest an exception may run from its approval (`--max-exception-days`, 365 by default). */
  maxExceptionDays?: number;
  /**
   * A ticket URL template (`--ticket-url`, `https://jira.example.com/browse/{ticket}`):
   * each exception's ticket is shown as a link to it, the ticket percent-encoded.
   */
  ticketUrl?: string;
}

/**
 * The run's exceptions: read from their files when paths are given (an unreadable or
 * invalid file fails the run, never reads as "no exceptions"); undefined when none is given.
 */
export function runExceptionsOf(options: ExceptionsOptions): RunExceptions | undefined {
  const { exceptions, ticketUrl } = options;
  // A template that cannot make links fails the run even with no exceptions to link.
  if (ticketUrl !== undefined) checkTicketUrl(ticketUrl);
  if (exceptions === undefined) return undefined;
  const run = Array.isArray(exceptions)
    ? readExceptions(
        exceptions as readonly string[],
        options.maxExceptionDays === undefined ? {} : { maxDays: options.maxExceptionDays },
      )
    : (exceptions as RunExceptions);
  return ticketUrl === undefined ? run : withTicketLinks(run, ticketUrl);
}

/** Every PolicyId the exceptions name: what an analysis that keeps only some policies must keep for them. */
export function exceptionPolicyIds(run: RunExceptions | undefined): string[] {
  return run === undefined ? [] : run.exceptions.flatMap((exception) => exception.policies);
}

/** What the run's exceptions did on the analysis, judged on the run's day. */
export function acceptedRisksOf(analysis: Analysis, run: RunExceptions, options: ExceptionsOptions): AcceptedRisks {
  // One instant for the states and the day stated beside them, so that a run across midnight cannot disagree.
  const today = options.today ?? new Date();
  const judging = {
    today,
    ...(options.expiryWarningDays === undefined ? {} : { expiryWarningDays: options.expiryWarningDays }),
  };
  return {
    files: run.files,
    outcomes: judgeExceptions(analysis, run.exceptions, judging),
    judgedOn: dayText(dayOf(today)),
  };
}

/** The record of what the exceptions did, as every machine-readable output carries it. */
export { exceptionsRecord } from '../../analyse/exceptions/exceptions-record.js';
