import type { Argv } from 'yargs';
import { CspmError, trendAccounts, type TrendFormat } from '../../index.js';
import { formatCheckText, getTrendRenderer, resolveOutputFormat, terminalText, trendFormats } from '../../internal.js';
import { checkOptionsOf, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import { wantsColor, type CliIo } from '../cli-io.js';
import { assertSafeOutputs } from '../output-guard.js';
import { stdinToken } from '../report-inputs.js';
import { oneValue } from '../shared-options.js';
import { isStandardOutput, writeOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';

/** The arguments of `trend`. */
export interface TrendArgs extends FailOnArgs {
  inputs: string[];
  format: TrendFormat | undefined;
  output: string;
  benchmark: string | undefined;
  account: string | undefined;
  'allow-mismatch': boolean;
  top: number;
  title: string | undefined;
  now: boolean;
}

function builder(yargs: Argv): Argv<TrendArgs> {
  const declared = yargs
    .positional('inputs', { describe: 'saved scans of one account and benchmark, or of many (a series each): report files, or directories (every *.json inside)', type: 'string', array: true, demandOption: true, default: undefined })
    .option('format', { alias: 'f', choices: trendFormats, coerce: oneValue('format'), describe: 'output format [default: the --output name, else json]' })
    .option('output', { alias: 'o', type: 'string', default: '-', coerce: oneValue('output'), describe: 'file to write; - is standard output' })
    .option('benchmark', { type: 'string', coerce: oneValue('benchmark'), describe: 'in files of several reports, the BenchmarkId (or name) to follow' })
    .option('account', { type: 'string', coerce: oneValue('account'), describe: 'in files of several reports, the AccountId (or name) to follow' })
    .option('allow-mismatch', { type: 'boolean', default: false, describe: 'keep scans of another account or benchmark than the first' })
    .option('top', { type: 'number', default: 10, coerce: oneValue('top'), describe: 'policies listed as regressed most often and Red longest; accounts in each ranking of drops of a fleet' })
    .option('title', { type: 'string', coerce: oneValue('title'), describe: 'document title [default: Compliance trend: benchmark — account]' })
    .option('now', { type: 'boolean', default: false, describe: 'stamp the time of generation (output then differs run to run)' });
  return withFailOnOptions(declared)
    .example('$0 trend scans/', 'the trend of every scan in a folder, as JSON')
    .example('$0 trend scans/ -f html -o trend.html', 'a page with the compliance chart')
    .example('$0 trend scans/*.json -f xlsx -o trend.xlsx', 'one row per scan, to chart in a spreadsheet')
    .example('$0 trend fleet/ -f html -o fleet.html', 'many accounts (a folder per scan date): the biggest drops, worst first') as unknown as Argv<TrendArgs>;
}

async function run(args: TrendArgs, io: CliIo): Promise<number> {
  const format = resolveOutputFormat(isStandardOutput(args.output) ? undefined : args.output, args.format, ['trend'], { kind: 'trend', format: 'json' }).format;
  const renderer = getTrendRenderer(format);
  // Scans are read one at a time and counted before any is read: files, not a stream.
  if (args.inputs.includes(stdinToken)) throw new CspmError('usage', 'trend reads scans from files or directories, not standard input (-)', { data: { option: 'inputs' } });
  if (!isStandardOutput(args.output)) assertSafeOutputs([{ path: args.output, from: `the ${format} trend` }], args.inputs);
  const result = await trendAccounts(args.inputs, {
    ...checkOptionsOf(args, io),
    allowMismatch: args['allow-mismatch'],
    top: args.top,
    ...(args.benchmark === undefined ? {} : { benchmark: args.benchmark }),
    ...(args.account === undefined ? {} : { account: args.account }),
  });
  for (const { source, message } of result.skipped) io.stderr.write(`cspm-report: ${terminalText(source)}: ${message}\n`);
  if (result.status === 'invalid') {
    io.stderr.write(formatCheckText(result.analysis, { color: wantsColor(io, io.stderr, undefined) }));
    io.stderr.write(`cspm-report: ${terminalText(result.verdict.reasons[0] ?? 'no trend drawn')}\n`);
    return result.verdict.exitCode;
  }
  const read = result.status === 'fleet' ? result.fleet.series.flatMap((series) => series.scans.map((scan) => scan.source)) : result.trend.scans.map((scan) => scan.source);
  // The files read out of a directory input are inputs too: never written over.
  if (!isStandardOutput(args.output)) assertSafeOutputs([{ path: args.output, from: `the ${format} trend` }], read);
  const options = { ...(args.title === undefined ? {} : { title: args.title }), ...(args.now ? { now: new Date() } : {}) };
  const body = result.status === 'fleet' ? await renderer.renderFleet(result.fleet, options) : await renderer.render(result.trend, options);
  await writeOutput(args.output, body, io);
  if (!isStandardOutput(args.output)) io.stderr.write(`wrote ${terminalText(args.output)}\n`);
  return result.verdict.exitCode;
}

/** `cspm-report trend <inputs..>`: compliance over many scans of one account and benchmark, or of a fleet of them. */
export const trendCommand: CommandSpec<TrendArgs> = {
  command: 'trend <inputs..>',
  describe: 'compliance over many scans of one account and benchmark (a chart, the scans, the policies that regressed and stayed Red), or of many accounts (a series each, the biggest drops first)',
  builder,
  run,
};
