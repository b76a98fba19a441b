import type { Argv } from 'yargs';
import type { ExceptionsOptions } from '../index.js';
import { optionRefusal } from './option-refusal.js';
import { oneValue } from './shared-options.js';

/** What a command that takes exceptions holds of its flags. */
export interface ExceptionsArgs {
  exceptions: string[] | undefined;
  'expiry-warning': number | undefined;
  'max-exception-days': number | undefined;
  'ticket-url': string | undefined;
}

/** A whole number of days from `min` to 3,650, given once; else a usage error before any input is read. */
function daysOf(option: string, min: number): (value: unknown) => number {
  return (value) => {
    const text = Array.isArray(value) ? undefined : String(value).trim();
    const days = text !== undefined && /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(days >= min && days <= 3650))
      throw optionRefusal(
        option,
        value,
        `--${option} takes a whole number of days from ${min} to 3650, once, not ${Array.isArray(value) ? value.map(String).join(', ') : String(value)}`,
      );
    return days;
  };
}

/**
 * Declares `--ticket-url`, the template that makes each exception's ticket a link: the
 * same in every command that shows exceptions.
 */
export function withTicketUrlOption<T>(yargs: Argv<T>): Argv<T & Pick<ExceptionsArgs, 'ticket-url'>> {
  return yargs.option('ticket-url', {
    type: 'string',
    // Given once; the job checks the template before it reads anything (a usage error naming the option).
    coerce: oneValue('ticket-url'),
    describe:
      "show each exception's ticket as a link: an https: (or http:) URL with {ticket} where the ticket goes, e.g. https://jira.example.com/browse/{ticket}",
  }) as unknown as Argv<T & Pick<ExceptionsArgs, 'ticket-url'>>;
}

/**
 * Declares `--exceptions` (repeatable), `--expiry-warning`, `--max-exception-days` and `--ticket-url`, the
 * same way in every command that takes accepted risks; a config file sets them by the
 * same names (their paths relative to the config file).
 *
 * @param effect what the exceptions do to the command's verdict, for its help (a sentence, no final stop)
 */
export function withExceptionsOptions<T>(yargs: Argv<T>, effect?: string): Argv<T & ExceptionsArgs> {
  return withTicketUrlOption(
    withExceptionDaysOptions(
      yargs.option('exceptions', {
        type: 'string',
        array: true,
        describe: `accepted risks: an exceptions file (YAML or JSON, see cspm-report schema exceptions); repeatable. One that does not check fails the run${effect === undefined ? '' : `. ${effect}`}`,
      }),
    ),
  ) as unknown as Argv<T & ExceptionsArgs>;
}

/**
 * Declares `--expiry-warning` and `--max-exception-days`, the days by which exceptions
 * are judged: the same in every command that reads exceptions files.
 */
export function withExceptionDaysOptions<T>(
  yargs: Argv<T>,
): Argv<T & Pick<ExceptionsArgs, 'expiry-warning' | 'max-exception-days'>> {
  return yargs
    .option('expiry-warning', {
      type: 'string',
      coerce: daysOf('expiry-warning', 0),
      describe: 'an exception this many days or fewer from its expiry is expiring [default: 30]',
    })
    .option('max-exception-days', {
      type: 'string',
      coerce: daysOf('max-exception-days', 1),
      describe: 'the longest an exception may run from its approval to its expiry [default: 365]',
    }) as unknown as Argv<T & Pick<ExceptionsArgs, 'expiry-warning' | 'max-exception-days'>>;
}

/** The job's options of the exceptions flags: none but the ticket URL template when no exceptions file is given. */
export function exceptionsOptionsOf(args: ExceptionsArgs): ExceptionsOptions {
  // A template is handed on without exceptions too, so that one that cannot make links is refused all the same.
  const ticketUrl = args['ticket-url'] === undefined ? {} : { ticketUrl: args['ticket-url'] };
  if (args.exceptions === undefined || args.exceptions.length === 0) return ticketUrl;
  return {
    exceptions: args.exceptions,
    ...(args['expiry-warning'] === undefined ? {} : { expiryWarningDays: args['expiry-warning'] }),
    ...(args['max-exception-days'] === undefined ? {} : { maxExceptionDays: args['max-exception-days'] }),
    ...ticketUrl,
  };
}
