import type { DocumentFormat, FormatOption, PolicyChoice, RenderOptions, RenderTier, RenderWarning } from '../index.js';
import { documentOutputsOf, renderOptionsOf, type DocumentOutputs } from '../internal.js';
import { noteSkipped, type AnalysisArgs } from './analysis-options.js';
import type { CliIo } from './cli-io.js';
import type { QuietArgs } from './shared-options.js';
import type { ExceptionsArgs } from './exceptions-options.js';

/** The options of `render`, as yargs hands them over. */
export interface RenderArgs extends AnalysisArgs, QuietArgs, ExceptionsArgs {
  inputs: string[];
  format: DocumentFormat[] | undefined;
  /** Files of one document of all inputs together, each in the format its -f or its name says. */
  output: string[];
  'out-dir': string | undefined;
  templates: string | undefined;
  title: string | undefined;
  logo: string | undefined;
  landscape: boolean;
  tier: RenderTier | undefined;
  'max-policies': number | undefined;
  policies: PolicyChoice;
  'show-paths': boolean;
  strict: boolean;
  now: boolean;
  fields: string | undefined;
  bom: boolean;
  /** With `-f ocsf`: the events as Parquet (`ocsf-parquet`). */
  parquet?: boolean;
}

/**
 * The render options the flags give; the logo and templates are read here, before any
 * input. An option that none of the chosen formats reads gets a warning.
 */
export function renderOptions(args: RenderArgs, io: CliIo): RenderOptions {
  const formats = chosenFormats(args);
  const { options, unread } = renderOptionsOf(
    {
      ...(args.tier === undefined ? {} : { tier: args.tier }),
      landscape: args.landscape,
      policies: args.policies,
      showPaths: args['show-paths'],
      onWarning: renderWarningPrinter(io),
      ...(args.title === undefined ? {} : { title: args.title }),
      ...(args.now ? { now: new Date() } : {}),
      ...(args.logo === undefined ? {} : { logo: args.logo }),
      ...(args.templates === undefined ? {} : { templates: args.templates }),
      onSkippedTemplate: noteSkipped(io),
      ...(args.fields === undefined ? {} : { fields: args.fields }),
      bom: args.bom,
      ...(args['max-policies'] === undefined ? {} : { maxPolicies: args['max-policies'] }),
    },
    formats,
  );
  for (const { option, readers } of unread) {
    const value = option === 'tier' ? ` ${String(options.tier)}` : '';
    io.stderr.write(
      `cspm-report: warning: --${flagOf[option]}${value} does nothing for ${formats.join(' and ')}; ${[readers.slice(0, -1).join(', '), readers.at(-1)].filter(Boolean).join(' and ')} ${readers.length === 1 ? 'reads' : 'read'} it\n`,
    );
  }
  return options;
}

/** The flag that sets each format-specific option. */
const flagOf = {
  tier: 'tier',
  landscape: 'landscape',
  maxPolicies: 'max-policies',
  templates: 'templates',
  logo: 'logo',
  csvFields: 'fields',
  csvBom: 'bom',
} as const satisfies Record<FormatOption, string>;

/**
 * Prints a render warning on standard error once per run, however many documents repeat it: render's, diff's and
 * fetch's documents alike.
 */
export function renderWarningPrinter(io: CliIo): (warning: RenderWarning) => void {
  const printed = new Set<string>();
  return ({ message }) => {
    if (!printed.has(message)) io.stderr.write(`cspm-report: warning: ${message}\n`);
    printed.add(message);
  };
}

/** The outputs of a render run: its formats, and its -o files (see documentOutputsOf). */
function outputsOf(args: RenderArgs): DocumentOutputs {
  return documentOutputsOf({
    inputs: args.inputs,
    formats: args.format,
    outputs: args.output,
    outDir: args['out-dir'],
    ...(args.parquet === undefined ? {} : { parquet: args.parquet }),
  });
}

/** The files of a run with --output, each with its format; a name that names no document format is HTML's. */
export function renderOutputs(args: RenderArgs): { format: DocumentFormat; path: string }[] {
  return outputsOf(args).named ?? [];
}

/**
 * The formats of the run, after refusing what cannot be: those of the --output files,
 * else the --format values, else HTML.
 */
export function chosenFormats(args: RenderArgs): DocumentFormat[] {
  return outputsOf(args).formats;
}
