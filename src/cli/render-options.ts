import {
  CspmError,
  type CsvFieldName,
  type DocumentFormat,
  type FormatOption,
  type PolicyChoice,
  type RenderOptions,
  type RenderTier,
  type RenderWarning,
} from '../index.js';
import {
  csvFieldNames,
  defaultOutput,
  formatsReading,
  formatsWithParquetForm,
  loadLogo,
  loadTemplates,
  pairOutputPaths,
  parquetFormOf,
} from '../internal.js';
import { noteSkipped, type AnalysisArgs } from './analysis-options.js';
import type { CliIo } from './cli-io.js';
import type { QuietArgs } from './shared-options.js';
import type { ExceptionsArgs } from './exceptions-options.js';
import { stdinToken } from './report-inputs.js';
import { isStandardOutput } from './write-output.js';

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
  const options: RenderOptions = {
    ...(args.tier === undefined ? {} : { tier: args.tier }),
    landscape: args.landscape,
    policies: args.policies,
    showPaths: args['show-paths'],
    onWarning: renderWarningPrinter(io),
  };
  if (args.title !== undefined) options.title = args.title;
  if (args.now) options.now = new Date();
  if (args.logo !== undefined) options.logo = loadLogo(args.logo, '--logo');
  if (args.templates !== undefined) options.templates = loadTemplates(args.templates, '--templates', noteSkipped(io));
  if (args.fields !== undefined || args.bom)
    options.csv = { ...(args.fields === undefined ? {} : { fields: csvFields(args.fields) }), bom: args.bom };
  if (args['max-policies'] !== undefined) {
    if (!Number.isInteger(args['max-policies']) || args['max-policies'] < 0)
      throw new CspmError('usage', '--max-policies takes a whole number ≥ 0', {
        data: { option: 'max-policies', value: String(args['max-policies']) },
      });
    options.maxPolicies = args['max-policies'];
  }
  warnUnreadOptions(options, chosenFormats(args), io);
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

/** The format-specific options `options` set to something other than their defaults. */
function setOptions(options: RenderOptions): FormatOption[] {
  const set = {
    tier: options.tier !== undefined && options.tier !== 'full',
    landscape: options.landscape === true,
    maxPolicies: options.maxPolicies !== undefined,
    templates: options.templates !== undefined,
    logo: options.logo !== undefined,
    csvFields: options.csv?.fields !== undefined,
    csvBom: options.csv?.bom === true,
  } satisfies Record<FormatOption, boolean>;
  return (Object.keys(set) as FormatOption[]).filter((option) => set[option]);
}

/**
 * Warns, one line each, of an option that no chosen format reads (`--landscape` with
 * `-f csv`): the run goes on, since the documents are right, but the reader learns why
 * the option changed nothing. Which format reads what is the renderers' registry's word.
 */
function warnUnreadOptions(options: RenderOptions, formats: readonly DocumentFormat[], io: CliIo): void {
  for (const option of setOptions(options)) {
    const readers = formatsReading(option, options);
    if (formats.some((format) => readers.includes(format))) continue;
    const value = option === 'tier' ? ` ${String(options.tier)}` : '';
    io.stderr.write(
      `cspm-report: warning: --${flagOf[option]}${value} does nothing for ${formats.join(' and ')}; ${[readers.slice(0, -1).join(', '), readers.at(-1)].filter(Boolean).join(' and ')} ${readers.length === 1 ? 'reads' : 'read'} it\n`,
    );
  }
}

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

/** The `--fields` list as column names; an unknown one is a usage error naming the known ones. */
function csvFields(text: string): CsvFieldName[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new CspmError('usage', '--fields names no column', { data: { option: 'fields' } });
  for (const name of names) {
    if (!(csvFieldNames as readonly string[]).includes(name))
      throw new CspmError('usage', `--fields: unknown column "${name}"; the columns are ${csvFieldNames.join(', ')}`, {
        data: { option: 'fields' },
      });
  }
  return names as CsvFieldName[];
}

/** The --format values, `--parquet` applied (each format with a Parquet form becomes it), each once. */
function givenFormats(args: RenderArgs): DocumentFormat[] {
  const given = args.format ?? [];
  if (args.parquet !== true) return [...new Set(given)];
  if (!given.some((format) => formatsWithParquetForm.includes(format))) {
    throw new CspmError(
      'usage',
      `--parquet goes with ${formatsWithParquetForm.map((format) => `-f ${format}`).join(' or ')} (its events as Parquet); the dataset tables are -f parquet`,
      { data: { option: 'parquet' } },
    );
  }
  return [...new Set(given.map(parquetFormOf))];
}

/**
 * The files of a run with --output, each with its format, by the rule every command
 * follows (see pairOutputPaths); a name that names no document format is HTML's, as is
 * standard output without -f.
 */
export function renderOutputs(args: RenderArgs): { format: DocumentFormat; path: string }[] {
  const fallback = defaultOutput('document');
  return pairOutputPaths(givenFormats(args), args.output, ['document'], {
    standardOutput: fallback,
    file: fallback,
  }).map(({ format, path }) => ({ format: format.format as DocumentFormat, path }));
}

/**
 * The formats of the run, after refusing what cannot be: those of the --output files,
 * else the --format values, else HTML.
 */
export function chosenFormats(args: RenderArgs): DocumentFormat[] {
  const given = givenFormats(args);
  if (args.output.length > 0 && args['out-dir'] !== undefined)
    throw new CspmError('usage', '--output and --out-dir exclude each other', { data: { option: 'output' } });
  if (args['out-dir'] !== undefined && isStandardOutput(args['out-dir']))
    throw new CspmError('usage', '--out-dir takes a folder; for standard output use --output -', {
      data: { option: 'out-dir' },
    });
  if (args.inputs.includes(stdinToken) && args.output.length === 0 && args['out-dir'] === undefined) {
    throw new CspmError('usage', 'rendering standard input needs --output FILE or --out-dir DIR', {
      data: { option: 'output' },
    });
  }
  if (args.output.length === 0) return given.length > 0 ? given : [defaultOutput('document').format as DocumentFormat];
  return [...new Set(renderOutputs(args).map((output) => output.format))];
}
