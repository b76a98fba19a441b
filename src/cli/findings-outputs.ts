import type { Argv } from 'yargs';
import { CspmError, type DocumentFormat, type FindingsFormatName } from '../index.js';
import {
  defaultOutput,
  formatsFor,
  formatsOf,
  getFindingsFormat,
  markdownLimitRange,
  type RoutedKind,
  resolveOutputFormat,
} from '../internal.js';
import { optionRefusal } from './option-refusal.js';
import { pairOutputPaths } from './output-pairs.js';

/** One findings output of a run: a format and where it goes (`-` is standard output). */
export interface FindingsOutput {
  format: FindingsFormatName;
  path: string;
}

/** A document output of a run (diff's documents of the new report). */
export interface DocumentOutputPath {
  format: DocumentFormat;
  path: string;
}

/** Every output of a run, by kind. */
export interface RunOutputs {
  findings: FindingsOutput[];
  documents: DocumentOutputPath[];
}

/**
 * The findings (and, for diff, document) outputs of a run, by the rule every command
 * follows (see pairOutputPaths): each `-o` takes the `-f` in its position or the format
 * its name says. Without `--output`, the one format goes to standard output (text by
 * default); a document there needs its `-o`.
 *
 * @param kinds the kinds of output the command writes: findings, and documents for diff
 */
export function pairOutputs(
  formats: readonly string[],
  outputs: readonly string[],
  kinds: readonly RoutedKind[] = ['findings'],
): RunOutputs {
  if (outputs.length === 0) {
    if (formats.length > 1)
      throw new CspmError(
        'usage',
        `${formats.length} --format values but no --output; pair each --format with an --output file`,
        { data: { option: 'output' } },
      );
    const only = resolveOutputFormat(undefined, formats[0], kinds, defaultOutput('findings'));
    if (only.kind === 'document')
      throw new CspmError(
        'usage',
        `--format ${only.format} writes a document: pair it with an --output file (-f ${only.format} -o changes.${only.format})`,
        { data: { option: 'output', value: only.format } },
      );
    return { findings: [{ format: only.format as FindingsFormatName, path: '-' }], documents: [] };
  }
  const paired: RunOutputs = { findings: [], documents: [] };
  const fallback = defaultOutput('findings');
  for (const { format, path } of pairOutputPaths(formats, outputs, kinds, {
    standardOutput: fallback,
    file: fallback,
  })) {
    if (format.kind === 'document') paired.documents.push({ format: format.format as DocumentFormat, path });
    else paired.findings.push({ format: format.format as FindingsFormatName, path });
  }
  return paired;
}

/** The findings output options of check, gate and diff. */
export interface FindingsOutputArgs {
  format: FindingsFormatName[];
  output: string[];
  color: boolean | undefined;
  'markdown-limit': number | undefined;
}

const { min, max } = markdownLimitRange;

/**
 * `--markdown-limit` as a number: a whole number of characters within
 * markdownLimitRange, else a usage error before any input is read.
 */
function markdownLimitOf(value: unknown): number {
  const text = Array.isArray(value) ? undefined : String(value).trim();
  const limit = text !== undefined && /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(limit >= min && limit <= max)) {
    throw optionRefusal(
      'markdown-limit',
      value,
      `--markdown-limit takes a whole number of characters from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, once, not ${Array.isArray(value) ? value.map(String).join(', ') : String(value)}`,
    );
  }
  return limit;
}

/**
 * Declares --format, --output and --color, the same way in check, gate, merge and diff:
 * `--format` takes every format the registry has for `command` (diff's documents too).
 */
export function withFindingsOutputOptions<T>(
  yargs: Argv<T>,
  command: 'check' | 'gate' | 'merge' | 'diff',
): Argv<T & FindingsOutputArgs> {
  const documentFormats = command === 'diff' ? formatsOf('document') : [];
  return yargs
    .option('format', {
      alias: 'f',
      choices: formatsFor(command),
      array: true,
      default: [] as FindingsFormatName[],
      defaultDescription: 'the --output name, else text',
      describe:
        documentFormats.length === 0
          ? 'findings format; repeat it with --output to write several: -f json -o a.json -f sarif -o b.sarif'
          : `findings format, or a document (${documentFormats.join(', ')}); repeat it with --output to write several: -f text -o - -f html -o changes.html`,
    })
    .option('output', {
      alias: 'o',
      type: 'string',
      array: true,
      default: [] as string[],
      defaultDescription: 'standard output',
      describe:
        'write to this file (atomically); - is standard output; its format from the --format in the same position, else its extension, else text',
    })
    .option('markdown-limit', {
      type: 'string',
      coerce: markdownLimitOf,
      describe: `the most characters (UTF-16 code units) the Markdown output and step summary take, ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')} [default: ${markdownLimitRange.default.toLocaleString('en-US')}, a GitHub pull-request comment]`,
    })
    .option('color', {
      type: 'boolean',
      describe: 'colour the text output [default: on a terminal, unless NO_COLOR is set]',
    }) as unknown as Argv<T & FindingsOutputArgs>;
}

/**
 * Whether any of `outputs` points at findings by line and column, so that the run must
 * place its findings in their texts (reading each file with findings again); a run of
 * text, JSON, JUnit or Markdown only does not.
 */
export function placesFindings(outputs: readonly FindingsOutput[]): boolean {
  return outputs.some((output) => getFindingsFormat(output.format).placesFindings === true);
}

/** True when one of the outputs lists every category's figures (`json`): a run over many files then keeps them. */
export function listsCategories(outputs: readonly FindingsOutput[]): boolean {
  return outputs.some((output) => getFindingsFormat(output.format).listsCategories === true);
}
