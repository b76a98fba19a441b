import { judgeExceptions, defaultExpiryWarningDays } from '../../analyse/exceptions/judge-exceptions.js';
import { defaultStreamName, type ReportInput } from '../../load/load-reports.js';
import type { ExceptionOutcome, ExceptionsCheck, ExceptionsFailOn, RiskException } from '../../model/exceptions.js';
import { dayNumber, dayOf, dayText } from '../../text/calendar-day.js';
import { analyseInputs, type AnalyseInputsOptions } from '../analyse-inputs.js';
import { analysedFiles, assertSafeOutputs, type PlannedOutput } from '../output-guard.js';
import { inputsProblem } from '../verdicts.js';
import { exceptionsCheckVerdict } from './exceptions-check-verdict.js';
import { readExceptions } from './read-exceptions.js';
import { checkTicketUrl, withTicketLinks } from './ticket-link.js';

/** Options of {@link checkExceptions}. */
export interface CheckExceptionsOptions extends Omit<AnalyseInputsOptions, 'placeFindings'> {
  /** The day the states are judged on (its UTC date); by default now. */
  today?: Date;
  /** An exception this many days or fewer from its expiry is expiring (`--expiry-warning`, 30 by default). */
  expiryWarningDays?: number;
  /** The longest an exception may run from its approval (`--max-exception-days`, 365 by default). */
  maxExceptionDays?: number;
  /** A ticket URL template (`--ticket-url`): each exception's ticket is shown as a link to it. */
  ticketUrl?: string;
  /** `error` (the default) fails on an expired exception only; `warning` also on an expiring, unused or unneeded. */
  failOn?: ExceptionsFailOn;
  /** The files the caller will write: one that is an input, or two that are one file, is refused before any is. */
  outputs?: readonly PlannedOutput[];
}

/**
 * Checks exceptions files, as `cspm-report exceptions check` does: each exception's
 * state on the day, with the policies of the reports it matches. Given reports, every
 * state is judged (active, expiring, expired, unused, unneeded); without them, by dates
 * alone (active, expiring, expired), and the result says that unused and unneeded were
 * not judged. The verdict fails (exit code 1) on an expired exception, and on a warning
 * under `failOn: 'warning'`; reports that cannot be read or hold no valid report fail it
 * too, since every exception would read as unused.
 *
 * @param files   the exceptions files (YAML or JSON)
 * @param reports the reports to match them against; none (or an empty list) to judge by dates alone
 * @throws CspmError `usage` for a `ticketUrl` that cannot make links; `exceptions-invalid` naming the file,
 *         line, column and pointer of a file that does not check;
 *         `output-is-input` or `output-collision` for the `outputs`; as the loader for a missing report
 */
export async function checkExceptions(
  files: readonly string[],
  reports?: ReportInput | readonly ReportInput[],
  options: CheckExceptionsOptions = {},
): Promise<ExceptionsCheck> {
  // The template is checked before any file is read, as the options are.
  if (options.ticketUrl !== undefined) checkTicketUrl(options.ticketUrl);
  const unlinked = readExceptions(files, { maxDays: options.maxExceptionDays });
  const read = options.ticketUrl === undefined ? unlinked : withTicketLinks(unlinked, options.ticketUrl);
  const today = options.today ?? new Date();
  const expiryWarningDays = options.expiryWarningDays ?? defaultExpiryWarningDays;
  const failOn = options.failOn ?? 'error';
  const given: readonly ReportInput[] =
    reports === undefined
      ? []
      : Array.isArray(reports)
        ? (reports as readonly ReportInput[])
        : [reports as ReportInput];
  const judged = {
    today: dayText(dayOf(today)),
    expiryWarningDays,
    failOn,
    reports: given.map(inputName),
    matched: given.length > 0,
    files: read.files,
  };
  if (given.length === 0) {
    assertSafeOutputs(options.outputs ?? [], files);
    const outcomes = read.exceptions.map((exception) => byDate(exception, dayOf(today), expiryWarningDays));
    return { ...judged, outcomes, verdict: exceptionsCheckVerdict(outcomes, failOn) };
  }
  // Stryker disable next-line BooleanLiteral,ObjectLiteral: placing findings on their lines only costs a read again
  const analysis = await analyseInputs(given, { ...options, placeFindings: false });
  assertSafeOutputs(options.outputs ?? [], [...files, ...analysedFiles(analysis)]);
  const outcomes = judgeExceptions(analysis, read.exceptions, { today, expiryWarningDays });
  // Findings in a report that was read do not change what it holds (`never`); one not read, or none valid, fails.
  const untrusted = inputsProblem(analysis, 'never', 'the reports');
  return { ...judged, outcomes, verdict: exceptionsCheckVerdict(outcomes, failOn, untrusted) };
}

/** An exception judged by its dates alone: in force (active or expiring) or expired; it matches nothing known. */
function byDate(exception: RiskException, today: number, warning: number): ExceptionOutcome {
  // A validated exception's expiry is a day; were it not, it would read as long expired (fail closed).
  const daysLeft = (dayNumber(exception.expires) ?? Number.NEGATIVE_INFINITY) - today;
  const state = daysLeft < 0 ? 'expired' : daysLeft <= warning ? 'expiring' : 'active';
  return { exception, state, daysLeft, matches: [], accepted: [] };
}

/** How the result names a report input: its path, or the name a stream was given. */
function inputName(input: ReportInput): string {
  if (typeof input === 'string') return input;
  return 'path' in input ? input.path : (input.name ?? defaultStreamName);
}
