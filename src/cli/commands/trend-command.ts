import type { Argv } from 'yargs';
import type { TrendFormat } from '../../index.js';
import { formatsFor, renderTrend, terminalText } from '../../internal.js';
import { checkOptionsOf, noteSkipped, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import { wantsColor, type CliIo } from '../cli-io.js';
import { exceptionsOptionsOf, withExceptionsOptions, type ExceptionsArgs } from '../exceptions-options.js';
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

async function run(args: TrendArgs, io: CliIo): Promise<number> {
  const result = await renderTrend(
    args.inputs,
    {
      ...checkOptionsOf(args, io),
      allowMismatch: args['allow-mismatch'],
      top: args.top,
      ...(args.benchmark === undefined ? {} : { benchmark: args.benchmark }),
      ...(args.account === undefined ? {} : { account: args.account }),
      ...exceptionsOptionsOf(args),
    },
    {
      formats: args.format,
      outputs: args.output,
      terminal: io.stdout.isTTY === true,
      ...(args.title === undefined ? {} : { title: args.title }),
      ...(args.now ? { now: new Date() } : {}),
      ...(args.templates === undefined ? {} : { templatesFolder: args.templates }),
      onSkippedTemplate: noteSkipped(io),
      onSkippedScan: ({ source, message }) => io.stderr.write(`cspm-report: ${terminalText(source)}: ${message}\n`),
      color: wantsColor(io, io.stderr, undefined),
    },
  );
  if (result.status === 'invalid') {
    io.stderr.write(result.findingsText);
    io.stderr.write(`cspm-report: ${terminalText(result.verdict.reasons[0] ?? 'no trend drawn')}\n`);
    return result.verdict.exitCode;
  }
  for (const warning of result.warnings) io.stderr.write(`cspm-report: warning: ${terminalText(warning)}\n`);
  const status = statusWriter(io, args.quiet);
  for (const { path, render } of result.outputs) {
    await writeOutput(path, await render(), io);
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
