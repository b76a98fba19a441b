import type { Argv } from 'yargs';
import {
  CspmError,
  type DiffDocumentsOptions,
  diffScans,
  type DocumentFormat,
  type FindingsFormatName,
  observedValues,
  type ProgressListener,
  renderers,
  type ReportInput,
} from '../../index.js';
import { terminalText } from '../../internal.js';
import { checkOptionsOf, withFailOnOptions, type FailOnArgs } from '../analysis-options.js';
import type { CliIo } from '../cli-io.js';
import {
  type DocumentOutputPath,
  findingsOutputsOf,
  withFindingsOutputOptions,
  type FindingsOutputArgs,
} from '../findings-outputs.js';
import { renderWarningPrinter } from '../render-options.js';
import { stdinToken, toReportInputs } from '../report-inputs.js';
import { assertNoBinaryOnTerminal } from '../terminal-guard.js';
import { writeDiffDocuments } from '../write-diff-documents.js';
import { writeFindings } from '../write-findings.js';
import { isStandardOutput } from '../write-output.js';
import { type StdinNameArgs, withStdinNameOption } from '../stdin-name.js';
import { namedFiles } from '../stopped-sarif.js';
import { statusWriter } from '../status-line.js';
import type { CommandSpec } from './command-spec.js';
import type { QuietArgs } from '../shared-options.js';
import { exceptionsOptionsOf, withExceptionsOptions, type ExceptionsArgs } from '../exceptions-options.js';

/** The arguments of `diff`. */
export interface DiffArgs
  extends FailOnArgs, Omit<FindingsOutputArgs, 'format'>, StdinNameArgs, QuietArgs, ExceptionsArgs {
  /** Findings formats and document formats, each paired with the --output in its position. */
  format: (FindingsFormatName | DocumentFormat)[];
  old: string;
  new: string;
  'allow-mismatch': boolean;
  'allow-new-failures': boolean;
  'allow-removed': boolean;
  'fail-on-regression': string | undefined;
}

const severities = observedValues.Severity as readonly string[];

function builder(yargs: Argv): Argv<DiffArgs> {
  const declared = yargs
    .positional('old', {
      describe: 'the earlier scan: a report file, or - for standard input',
      type: 'string',
      demandOption: true,
    })
    .positional('new', {
      describe: 'the later scan of the same account and benchmark',
      type: 'string',
      demandOption: true,
    })
    .option('allow-mismatch', {
      type: 'boolean',
      default: false,
      describe:
        'compare reports of another account or benchmark (paired by position), scans in the wrong order, or a scan with itself',
    })
    .option('fail-on-regression', {
      type: 'string',
      describe: `exit 3 when a policy got worse, failed anew (Gray or not there before) or went missing, or a benchmark report went missing; with a severity (${severities.join(', ')}), only at or above it`,
    })
    .option('allow-new-failures', {
      type: 'boolean',
      default: false,
      describe: 'with --fail-on-regression: do not count new failures (failing now, Gray or not there before)',
    })
    .option('allow-removed', {
      type: 'boolean',
      default: false,
      describe: 'with --fail-on-regression: do not count policies and benchmark reports the later scan lost',
    });
  return withExceptionsOptions(
    withStdinNameOption(withFailOnOptions(withFindingsOutputOptions(declared, 'diff'))),
    'A regression or new failure the later scan accepts is listed, not counted; one whose exception expired between the scans is a regression',
  )
    .example('$0 diff last-week.json today.json', 'what changed between two scans')
    .example(
      '$0 diff old.json new.json --fail-on-regression High',
      'fail the build (exit 3) when a High or Critical policy got worse',
    )
    .example(
      '$0 diff old.json new.json -f markdown -o changes.md -f text -o -',
      'a pull-request comment, and text on the terminal',
    )
    .example(
      '$0 diff old.json new.json --exceptions risks.yaml',
      'accepted risks listed, not counted; a lapsed one regresses',
    )
    .example(
      '$0 diff old.json new.json -o changes.pdf',
      'the new report as a PDF with a "Changes since" section (any -f of render)',
    ) as unknown as Argv<DiffArgs>;
}

/** `--fail-on-regression` as the job takes it: absent, any (given bare), or a Severity. */
function regressionLimit(value: string | undefined): boolean | string | undefined {
  return value === '' ? true : value;
}

/** What documents the diff makes: the formats of the document outputs, their warnings printed, their rows told. */
function documentsOptions(
  documents: readonly DocumentOutputPath[],
  io: CliIo,
  onProgress: ProgressListener | undefined,
): DiffDocumentsOptions {
  return {
    formats: documents.map((document) => document.format),
    onWarning: renderWarningPrinter(io),
    ...(onProgress === undefined ? {} : { onProgress }),
  };
}

async function run(args: DiffArgs, io: CliIo): Promise<number> {
  const {
    findings: outputs,
    documents,
    placeFindings,
  } = findingsOutputsOf(args.format, args.output, ['findings', 'document']);
  if (args.old === stdinToken && args.new === stdinToken)
    throw new CspmError('usage', 'only one of the two scans can come from standard input', { data: { option: 'new' } });
  const [oldInput, newInput] = toReportInputs([args.old, args.new], io, args['stdin-name']) as [
    ReportInput,
    ReportInput,
  ];
  const failOnRegression = regressionLimit(args['fail-on-regression']);
  const checkOptions = checkOptionsOf(args, io);
  const result = await diffScans(oldInput, newInput, {
    ...checkOptions,
    placeFindings,
    allowMismatch: args['allow-mismatch'],
    allowNewFailures: args['allow-new-failures'],
    allowRemoved: args['allow-removed'],
    ...(failOnRegression === undefined ? {} : { failOnRegression }),
    ...exceptionsOptionsOf(args),
    ...(documents.length === 0 ? {} : { documents: documentsOptions(documents, io, checkOptions.onProgress) }),
    outputs: [
      ...outputs.map((output) => ({ path: output.path, from: `the ${output.format} result` })),
      ...documents.map((output) => ({ path: output.path, from: `the ${output.format} document` })),
    ].filter((output) => !isStandardOutput(output.path)),
  });
  const { analysis, diff, verdict } = result;
  // The settings a config file set, which the findings outputs record.
  const recorded = {
    ...(checkOptions.runSettings === undefined ? {} : { runSettings: checkOptions.runSettings }),
    ...(result.exceptions === undefined ? {} : { exceptions: result.exceptions }),
  };
  assertNoBinaryOnTerminal(
    documents.map(({ format, path }) => ({ format, path, mediaType: renderers[format].mediaType })),
    io,
  );
  if (diff === undefined) {
    // With only documents asked for, the findings that stopped the run still need telling.
    const told =
      outputs.length > 0 || documents.some((output) => isStandardOutput(output.path))
        ? outputs
        : [{ format: 'text' as const, path: '-' }];
    await writeFindings({ analysis, verdict, failOn: args['fail-on'], ...recorded }, told, io, args);
    io.stderr.write(`cspm-report: ${terminalText(verdict.reasons[0] ?? 'not compared')} (see above)\n`);
    return verdict.exitCode;
  }
  await writeFindings(
    {
      analysis,
      diff,
      verdict,
      failOn: args['fail-on'],
      ...recorded,
      ...(result.limit === undefined ? {} : { regressionLimit: result.limit }),
    },
    outputs,
    io,
    args,
  );
  await writeDiffDocuments(
    result.documents ?? [],
    documents,
    io,
    statusWriter(io, args.quiet),
    checkOptions.onProgress,
  );
  return verdict.exitCode;
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
  readFiles: (argv) => namedFiles(argv, ['old', 'new']),
};
