import type { Argv } from 'yargs';
import type { ExceptionsFailOn } from '../../index.js';
import { defaultOutput, formatDescriptions, renderExceptionsCheck, terminalText } from '../../internal.js';
import type { CliIo } from '../cli-io.js';
import { withExceptionDaysOptions, withTicketUrlOption, type ExceptionsArgs } from '../exceptions-options.js';
import { optionRefusal } from '../option-refusal.js';
import { toReportInputs } from '../report-inputs.js';
import { oneValue, type QuietArgs } from '../shared-options.js';
import { statusWriter } from '../status-line.js';
import { isStandardOutput, writeOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';

/** The arguments of `exceptions check`. */
export interface ExceptionsCheckArgs
  extends Pick<ExceptionsArgs, 'expiry-warning' | 'max-exception-days' | 'ticket-url'>, QuietArgs {
  files: string[];
  reports: string[] | undefined;
  format: string | undefined;
  output: string;
  'fail-on': ExceptionsFailOn;
  today: Date | undefined;
}

const formats = formatDescriptions('exceptions');

/** `--today`: one day, `YYYY-MM-DD`, as the start of that day in UTC; else a usage error before anything is read. */
function dayOption(value: unknown): Date {
  const text = Array.isArray(value) ? undefined : String(value);
  const day = text !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : undefined;
  // A day the calendar lacks (2027-02-30) rolls over to another, so it is refused as well.
  if (day === undefined || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text)
    throw optionRefusal('today', value, `--today takes one day, YYYY-MM-DD, not ${String(value)}`);
  return day;
}

function builder(yargs: Argv): Argv<ExceptionsCheckArgs> {
  const declared = yargs
    .positional('files', {
      describe: 'exceptions files (YAML or JSON, see cspm-report schema exceptions)',
      type: 'string',
      array: true,
      demandOption: true,
    })
    .option('reports', {
      type: 'string',
      array: true,
      describe:
        'audit reports (files or folders) to match the exceptions against; without them, only the dates are judged (active, expiring, expired)',
    })
    .option('format', {
      alias: 'f',
      choices: formats.map(({ name }) => name),
      coerce: oneValue('format'),
      describe: `output format: ${formats.map(({ name, describe }) => `${name} (${describe})`).join(', ')} [default: the --output extension, else ${defaultOutput('exceptions').format}]`,
    })
    .option('output', {
      alias: 'o',
      type: 'string',
      default: '-',
      coerce: oneValue('output'),
      describe: 'file to write (atomically, never over an input); - is standard output',
    })
    .option('fail-on', {
      choices: ['error', 'warning'],
      default: 'error',
      coerce: oneValue('fail-on'),
      describe: 'exit 1 on an expired exception (error), or also on an expiring, unused or unneeded one (warning)',
    })
    .option('today', {
      type: 'string',
      coerce: dayOption,
      describe: 'judge the states on this day (YYYY-MM-DD, UTC) instead of today: for a reproducible run',
    });
  return withTicketUrlOption(withExceptionDaysOptions(declared))
    .example('$0 exceptions check risks.yaml', 'which exceptions are in force, expiring or expired, by their dates')
    .example(
      '$0 exceptions check risks.yaml --reports reports/ --fail-on warning',
      'also unused and unneeded ones, judged on the reports; fail on any warning',
    )
    .example(
      '$0 exceptions check risks.yaml --reports reports/ -o states.csv',
      'a row per exception, for a spreadsheet',
    )
    .example(
      '$0 exceptions check risks.yaml --expiry-warning 14 -f markdown',
      'a Markdown table for a ticket, warning two weeks ahead',
    ) as unknown as Argv<ExceptionsCheckArgs>;
}

async function run(args: ExceptionsCheckArgs, io: CliIo): Promise<number> {
  const reports = args.reports === undefined ? undefined : toReportInputs(args.reports, io);
  const { output, verdict } = await renderExceptionsCheck(
    args.files,
    reports,
    {
      failOn: args['fail-on'],
      ...(args.today === undefined ? {} : { today: args.today }),
      ...(args['expiry-warning'] === undefined ? {} : { expiryWarningDays: args['expiry-warning'] }),
      ...(args['max-exception-days'] === undefined ? {} : { maxExceptionDays: args['max-exception-days'] }),
      ...(args['ticket-url'] === undefined ? {} : { ticketUrl: args['ticket-url'] }),
    },
    { path: args.output, ...(args.format === undefined ? {} : { format: args.format }) },
  );
  await writeOutput(output.path, await output.render(), io);
  if (!isStandardOutput(output.path)) statusWriter(io, args.quiet)(`wrote ${terminalText(output.path)}`);
  return verdict.exitCode;
}

/** `cspm-report exceptions check <files..>`: each exception's state, with the policies of the reports it matches. */
export const exceptionsCheckCommand: CommandSpec<ExceptionsCheckArgs> = {
  command: 'check <files..>',
  describe:
    "each exception's state (active, expiring, expired, unused, unneeded) with the policies it matches; exit 1 on an expired one",
  builder,
  run,
};
