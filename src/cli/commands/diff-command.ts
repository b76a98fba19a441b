import type { Argv } from 'yargs';
import { canBeCompared, checkReports, countRegressions, CspmError, diffAnalyses, type DocumentFormat, documentFormats, type FindingsFormatName, joinAnalyses, observedValues } from '../../index.js';
import { checkOptionsOf, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import { pairDiffOutputs } from '../diff-outputs.js';
import { withFindingsOutputOptions, type FindingsOutputArgs } from '../findings-outputs.js';
import { assertSafeOutputs } from '../output-guard.js';
import { inputFiles, toReportInputs } from '../report-inputs.js';
import { writeDiffDocuments } from '../write-diff-documents.js';
import { writeFindings } from '../write-findings.js';
import { isStandardOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';

/** The arguments of `diff`. */
export interface DiffArgs extends FailOnArgs, Omit<FindingsOutputArgs, 'format'> {
  /** Findings formats and document formats, each paired with the --output in its position. */
  format: (FindingsFormatName | DocumentFormat)[];
  old: string;
  new: string;
  'allow-mismatch': boolean;
  'fail-on-regression': string | undefined;
}

const severities = observedValues.Severity as readonly string[];

function builder(yargs: Argv): Argv<DiffArgs> {
  const declared = yargs
    .positional('old', { describe: 'the earlier scan: a report file, or - for standard input', type: 'string', demandOption: true })
    .positional('new', { describe: 'the later scan of the same account and benchmark', type: 'string', demandOption: true })
    .option('allow-mismatch', { type: 'boolean', default: false, describe: 'compare reports of another account or benchmark (paired by position)' })
    .option('fail-on-regression', {
      type: 'string',
      describe: `exit 3 when a policy got worse; with a severity (${severities.join(', ')}), only at or above it`,
    });
  return withFailOnOptions(withFindingsOutputOptions(declared, documentFormats))
    .example('$0 diff last-week.json today.json', 'what changed between two scans')
    .example('$0 diff old.json new.json --fail-on-regression High', 'fail the build (exit 3) when a High or Critical policy got worse')
    .example('$0 diff old.json new.json -f markdown -o changes.md -f text -o -', 'a pull-request comment, and text on the terminal')
    .example('$0 diff old.json new.json -o changes.pdf', 'the new report as a PDF with a "Changes since" section (also .html, .xlsx)') as unknown as Argv<DiffArgs>;
}

function regressionLimit(value: string | undefined): { fail: boolean; severity?: string } {
  if (value === undefined) return { fail: false };
  if (value === '') return { fail: true };
  const severity = severities.find((known) => known.toLowerCase() === value.toLowerCase());
  if (severity === undefined) throw new CspmError('usage', `--fail-on-regression takes a severity (${severities.join(', ')}) or nothing, not "${value}"`, { data: { option: 'fail-on-regression' } });
  return { fail: true, severity };
}

async function run(args: DiffArgs, io: CliIo): Promise<number> {
  const { findings: outputs, documents } = pairDiffOutputs(args.format, args.output);
  const limit = regressionLimit(args['fail-on-regression']);
  if (args.old === '-' && args.new === '-') throw new CspmError('usage', 'only one of the two scans can come from standard input', { data: { option: 'new' } });
  const options = checkOptionsOf(args);
  const olds = await checkReports(toReportInputs([args.old], io), options);
  const news = await checkReports(toReportInputs([args.new], io), options);
  const analysis = joinAnalyses(olds, news);
  const files = [...outputs.map((output) => ({ path: output.path, from: `the ${output.format} result` })), ...documents.map((output) => ({ path: output.path, from: `the ${output.format} document` }))].filter(
    (output) => !isStandardOutput(output.path),
  );
  assertSafeOutputs(files, inputFiles(analysis));
  // An input that does not check is never compared: its missing reports would read as removed policies.
  const untrusted = [olds, news].some((side) => !canBeCompared(side, args['fail-on']));
  if (untrusted) {
    // With only documents asked for, the findings that stopped the run still need telling.
    const told = outputs.length > 0 || documents.some((output) => isStandardOutput(output.path)) ? outputs : [{ format: 'text' as const, path: '-' }];
    await writeFindings({ analysis }, told, io, args.color);
    io.stderr.write('cspm-report: not compared: an input has findings at or above --fail-on, or no valid report (see above)\n');
    return exitCodes.findings;
  }
  const diff = diffAnalyses(olds, news, { allowMismatch: args['allow-mismatch'] });
  await writeFindings({ analysis, diff }, outputs, io, args.color);
  // Status lines keep out of standard output when a result or document goes there.
  const toStandardOutput = [...outputs, ...documents].some((output) => isStandardOutput(output.path));
  await writeDiffDocuments(news, diff, documents, io, toStandardOutput ? io.stderr : io.stdout);
  return limit.fail && countRegressions(diff, limit.severity) > 0 ? exitCodes.gate : exitCodes.ok;
}

/**
 * `cspm-report diff <old> <new>`: what changed between two scans of one account and
 * benchmark, as findings formats and as documents of the new report with its changes.
 */
export const diffCommand: CommandSpec<DiffArgs> = {
  command: 'diff <old> <new>',
  describe: 'compare two scans of one account and benchmark: regressions, fixes, new and removed policies',
  builder,
  run,
};
