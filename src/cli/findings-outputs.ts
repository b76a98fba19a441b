import { extname } from 'node:path';
import type { Argv } from 'yargs';
import { CspmError, type FindingsFormatName, findingsFormats } from '../index.js';
import { findingsFormatNames } from '../internal.js';
import { isStandardOutput } from './write-output.js';

/** One findings output of a run: a format and where it goes (`-` is standard output). */
export interface FindingsOutput {
  format: FindingsFormatName;
  path: string;
}

/**
 * The findings format each `--output` extension names (`.sarif`, `.xml`, `.md`, …); where
 * two formats share an extension, the first in the registry has it.
 */
const formatsByExtension: Readonly<Record<string, FindingsFormatName>> = Object.fromEntries(
  Object.values(findingsFormats)
    .map((format) => [format.extension, format.name as FindingsFormatName] as const)
    .reverse(),
);

/** The findings format an output's extension names (`.sarif` is SARIF), if any. */
export function extensionFormat(path: string): FindingsFormatName | undefined {
  if (isStandardOutput(path)) return undefined;
  const extension = extname(path).slice(1).toLowerCase();
  return Object.hasOwn(formatsByExtension, extension) ? formatsByExtension[extension] : undefined;
}

/** A media type without its parameters, and its structured-syntax suffix (`+json`) as a type. */
function baseTypes(mediaType: string): string[] {
  const base = mediaType.split(';')[0]?.trim() ?? mediaType;
  const suffix = /^(\w+)\/[^+]+\+(\w+)$/.exec(base);
  return suffix ? [base, `${suffix[1]}/${suffix[2]}`] : [base];
}

/**
 * Whether text of format `chosen` may go into a file whose extension names `named`: the
 * same kind of content is fine (GitHub annotations in a `.txt`, plain text in a `.log`,
 * SARIF, which is JSON, in a `.json`); anything else would open wrongly.
 */
function fitsExtension(chosen: FindingsFormatName, named: FindingsFormatName): boolean {
  if (chosen === named) return true;
  const namedType = baseTypes(findingsFormats[named].mediaType)[0];
  return baseTypes(findingsFormats[chosen].mediaType).includes(namedType ?? '');
}

/**
 * Pairs `--format` and `--output` values in the order given: the first format goes to the
 * first output, and so on (`--format json --output a.json --format sarif --output b.sarif`).
 * Without `--format`, each output's extension names its format; without `--output`, the one
 * format goes to standard output (text by default). Anything else is ambiguous and refused:
 * unequal counts, a format whose content does not fit its file's extension (JSON into a
 * `.xml`), an output given twice, or standard output twice.
 */
export function pairFindingsOutputs(formats: readonly FindingsFormatName[], outputs: readonly string[]): FindingsOutput[] {
  if (outputs.length === 0) {
    if (formats.length > 1) throw new CspmError('usage', `${formats.length} --format values but no --output; pair each --format with an --output file`);
    return [{ format: formats[0] ?? 'text', path: '-' }];
  }
  if (formats.length > 0 && formats.length !== outputs.length) {
    throw new CspmError('usage', `${formats.length} --format values for ${outputs.length} --output values; give one --format before each --output, or none and let the extensions tell`);
  }
  const pairs = outputs.map((path, index): FindingsOutput => {
    const named = extensionFormat(path);
    const format = formats[index] ?? named;
    if (format === undefined) {
      throw new CspmError('usage', `--output ${path}: its extension names no findings format; add --format (${Object.keys(findingsFormats).join(', ')})`);
    }
    if (named !== undefined && !fitsExtension(format, named)) {
      throw new CspmError('usage', `--output ${path} names a ${named} file but its --format is ${format}; give the file the format's extension (${findingsFormats[format].extension})`);
    }
    return { format, path };
  });
  const seen = new Set<string>();
  for (const { path } of pairs) {
    const key = isStandardOutput(path) ? '-' : path;
    if (seen.has(key)) throw new CspmError('usage', `--output ${path} is given twice; each format needs its own output`);
    seen.add(key);
  }
  return pairs;
}

/** The findings output options of check and gate. */
export interface FindingsOutputArgs {
  format: FindingsFormatName[];
  output: string[];
  color: boolean | undefined;
}

/**
 * Declares --format, --output and --color, the same way in check, gate and diff.
 * `documentFormats` are further --format values a command takes (diff's documents).
 */
export function withFindingsOutputOptions<T>(yargs: Argv<T>, documentFormats: readonly string[] = []): Argv<T & FindingsOutputArgs> {
  return yargs
    .option('format', {
      alias: 'f',
      choices: [...findingsFormatNames, ...documentFormats],
      array: true,
      default: [] as FindingsFormatName[],
      defaultDescription: 'the --output extension, else text',
      describe:
        documentFormats.length === 0
          ? 'findings format; repeat it with --output to write several: -f json -o a.json -f sarif -o b.sarif'
          : `findings format, or a document (${documentFormats.join(', ')}); repeat it with --output to write several: -f text -o - -f html -o changes.html`,
    })
    .option('output', { alias: 'o', type: 'string', array: true, default: [] as string[], defaultDescription: 'standard output', describe: 'write to this file (atomically); - is standard output; pairs with the --format in the same position' })
    .option('color', { type: 'boolean', describe: 'colour the text output [default: on a terminal, unless NO_COLOR is set]' }) as unknown as Argv<T & FindingsOutputArgs>;
}
