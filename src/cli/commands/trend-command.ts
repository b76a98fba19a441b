import type { Argv } from 'yargs';
import { CspmError, trendAccounts, type TrendFormat } from '../../index.js';
import {
  defaultOutput,
  formatCheckText,
  formatsFor,
  getTrendRenderer,
  loadTemplates,
  type OutputFormat,
  pairOutputPaths,
  terminalText,
} from '../../internal.js';
import { checkOptionsOf, noteSkipped, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import { wantsColor, type CliIo } from '../cli-io.js';
import { exceptionsOptionsOf, withExceptionsOptions, type ExceptionsArgs } from '../exceptions-options.js';
import { assertSafeOutputs } from '../../index.js';
import { stdinToken } from '../report-inputs.js';
import { oneValue, type QuietArgs } from '../shared-options.js';
import { statusWriter } from '../status-line.js';
import { isStandardOutput, writeOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';

/** The arguments of `trend`. */
export interface TrendArgs extends FailOnArgs, QuietArgs, ExceptionsArgs {
  inputs: string[];
  /** Each paired with the --output in its position, as in every command. */
  format: TrendFormat[];
  output: string[];
  benchmark: string | undefined;
  account: string | undefined;
  'allow-mismatch': boolean;
  top: number;
  title: string | undefined;
  templates: string | undefined;
  now: boolean;
}

function builder(yargs: Argv): Argv<TrendArgs> {
  const declared = yargs
    .positional('inputs', {
      describe:
        'saved scans of one account and benchmark, or of many (a series each): report files, or directories (every *.json inside)',
      type: 'string',
      array: true,
      demandOption: true,
      default: undefined,
    })
    .option('format', {
      alias: 'f',
      choices: formatsFor('trend'),
      array: true,
      default: [] as TrendFormat[],
      defaultDescription: 'the --output name; on standard output, text on a terminal, else json',
      describe: 'output format; repeat it with --output to write several: -f html -o t.html -f xlsx -o t.xlsx',
    })
    .option('output', {
      alias: 'o',
      type: 'string',
      array: true,
      default: [] as string[],
      defaultDescription: 'standard output',
      describe:
        'write to this file (atomically), repeatable, its format from the -f in the same position, else from its name; - is standard output',
    })
    .option('benchmark', {
      type: 'string',
      coerce: oneValue('benchmark'),
      describe: 'in files of several reports, the BenchmarkId (or name) to follow',
    })
    .option('account', {
      type: 'string',
      coerce: oneValue('account'),
      describe: 'in files of several reports, the AccountId (or name) to follow',
    })
    .option('allow-mismatch', {
      type: 'boolean',
      default: false,
      describe: 'keep scans of another account or benchmark than the first',
    })
    .option('top', {
      type: 'number',
      default: 10,
      coerce: oneValue('top'),
      describe: 'policies listed as regressed most often and Red longest; accounts in each ranking of drops of a fleet',
    })
    .option('title', {
      type: 'string',
      coerce: oneValue('title'),
      describe: 'document title [default: Compliance trend: benchmark — account]',
    })
    .option('templates', {
      type: 'string',
      coerce: oneValue('templates'),
      describe:
        'html: folder of files replacing built-in templates or CSS by name (trend-page.hbs, fleet-trend-page.hbs, trend-styles.css, …)',
    })
    .option('now', {
      type: 'boolean',
      default: false,
      describe: 'stamp the time of generation (output then differs run to run)',
    });
  return withExceptionsOptions(
    withFailOnOptions(declared),
    "Each scan is judged on its own day; every output shows the policies accepted beside the compliance as scanned, and the latest scan's expired, expiring, unused and unneeded exceptions as warnings",
  )
    .example('$0 trend scans/', 'the trend of every scan in a folder: text on a terminal, JSON into a pipe')
    .example('$0 trend scans/ -o trend.html -o trend.xlsx', 'the chart page and the workbook in one run')
    .example('$0 trend scans/ -f html -o trend.html', 'a page with the compliance chart')
    .example('$0 trend scans/*.json -f xlsx -o trend.xlsx', 'one row per scan, to chart in a spreadsheet')
    .example(
      '$0 trend scans/ --exceptions risks.yaml -o trend.html',
      "each scan's accepted policies beside its compliance; exceptions to look at",
    )
    .example(
      '$0 trend fleet/ -f html -o fleet.html',
      'many accounts (a folder per scan date): the biggest drops, worst first',
    ) as unknown as Argv<TrendArgs>;
}

/**
 * The outputs of a trend, by the rule every command follows (see pairOutputPaths):
 * standard output without -o, where a terminal gets text and a pipe JSON.
 */
function trendOutputs(args: TrendArgs, io: CliIo): { format: TrendFormat; path: string }[] {
  const onStandardOutput: OutputFormat =
    io.stdout.isTTY === true ? { kind: 'trend', format: 'text' } : defaultOutput('trend');
  const outputs = args.output.length === 0 ? ['-'] : args.output;
  return pairOutputPaths(args.format, outputs, ['trend'], {
    standardOutput: onStandardOutput,
    file: defaultOutput('trend'),
  }).map(({ format, path }) => ({ format: format.format as TrendFormat, path }));
}

async function run(args: TrendArgs, io: CliIo): Promise<number> {
  const outputs = trendOutputs(args, io);
  // Read before any scan, as render reads its own: a folder that cannot be read fails at once.
  const templates =
    args.templates === undefined ? undefined : loadTemplates(args.templates, '--templates', noteSkipped(io));
  // Scans are read one at a time and counted before any is read: files, not a stream.
  if (args.inputs.includes(stdinToken))
    throw new CspmError('usage', 'trend reads scans from files or directories, not standard input (-)', {
      data: { option: 'inputs' },
    });
  const files = outputs
    .filter(({ path }) => !isStandardOutput(path))
    .map(({ path, format }) => ({ path, from: `the ${format} trend` }));
  assertSafeOutputs(files, args.inputs);
  const result = await trendAccounts(args.inputs, {
    ...checkOptionsOf(args, io),
    allowMismatch: args['allow-mismatch'],
    top: args.top,
    ...(args.benchmark === undefined ? {} : { benchmark: args.benchmark }),
    ...(args.account === undefined ? {} : { account: args.account }),
    ...exceptionsOptionsOf(args),
  });
  for (const { source, message } of result.skipped)
    io.stderr.write(`cspm-report: ${terminalText(source)}: ${message}\n`);
  if (result.status === 'invalid') {
    io.stderr.write(formatCheckText(result.analysis, { color: wantsColor(io, io.stderr, undefined) }));
    io.stderr.write(`cspm-report: ${terminalText(result.verdict.reasons[0] ?? 'no trend drawn')}\n`);
    return result.verdict.exitCode;
  }
  const read =
    result.status === 'fleet'
      ? result.fleet.series.flatMap((series) => series.scans.map((scan) => scan.source))
      : result.trend.scans.map((scan) => scan.source);
  const exceptions = result.status === 'fleet' ? result.fleet.exceptions : result.trend.exceptions;
  // The files read out of a directory input are inputs too, and so are the exceptions files: never written over.
  assertSafeOutputs(files, [...read, ...(exceptions?.files ?? []).map((file) => file.path)]);
  for (const warning of exceptions?.warnings ?? []) io.stderr.write(`cspm-report: warning: ${terminalText(warning)}\n`);
  const options = {
    ...(args.title === undefined ? {} : { title: args.title }),
    ...(args.now ? { now: new Date() } : {}),
    ...(templates === undefined ? {} : { templates }),
  };
  const status = statusWriter(io, args.quiet);
  for (const { format, path } of outputs) {
    const renderer = getTrendRenderer(format);
    const body =
      result.status === 'fleet'
        ? await renderer.renderFleet(result.fleet, options)
        : await renderer.render(result.trend, options);
    await writeOutput(path, body, io);
    if (!isStandardOutput(path)) status(`wrote ${terminalText(path)}`);
  }
  return result.verdict.exitCode;
}

/** `cspm-report trend <inputs..>`: compliance over many scans of one account and benchmark, or of a fleet of them. */
export const trendCommand: CommandSpec<TrendArgs> = {
  command: 'trend <inputs..>',
  describe:
    'compliance over many scans of one account and benchmark (a chart, the scans, the policies that regressed and stayed Red), or of many accounts (a series each, the biggest drops first)',
  builder,
  run,
};
