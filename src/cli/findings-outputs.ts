import type { Argv } from 'yargs';
import type { FindingsFormatName } from '../index.js';
import { formatsFor, formatsOf, markdownLimitRange } from '../internal.js';
import { optionRefusal } from './option-refusal.js';

export { findingsOutputsOf } from '../internal.js';
export type { DocumentOutputPath, FindingsOutput, RunOutputs } from '../internal.js';

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
