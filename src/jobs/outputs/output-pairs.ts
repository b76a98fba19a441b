import { basename } from 'node:path';
import { CspmError } from '../../error/cspm-error.js';
import {
  extensionsNaming,
  formatNamedBy,
  type OutputFormat,
  type RoutedKind,
  resolveOutputFormat,
} from '../../render/formats/output-routing.js';
import { isStandardOutput } from './standard-output.js';

/** True when a file name ends in an extension (`a.out`); a dotfile's leading dot is none. */
function hasExtension(path: string): boolean {
  return /.\.[^.]+$/.test(basename(path));
}

/** One output of a run: its format and where it goes (`-` is standard output). */
export interface OutputPair {
  format: OutputFormat;
  path: string;
}

/** The formats a command takes when nothing else says which. */
export interface OutputFallbacks {
  /** The format of `-o -` without a `-f` (text for findings, HTML for render). */
  standardOutput?: OutputFormat;
  /** The format of a file whose name has no extension (`-o results`): the command's default. */
  file?: OutputFormat;
}

/**
 * The outputs of a run, by the one rule every command follows for `--format` and
 * `--output` (render, diff, trend, check, gate, merge):
 *
 * - each `-o` takes the `-f` in its position (`-f json -o a.json -f sarif -o b.sarif`);
 * - without `-f`, each `-o` takes the format its name says, by the extensions of the
 *   formats' registries (`-o a.html -o a.pdf`); a name without an extension takes the
 *   command's default format (`fallbacks.file`), and an extension that names no format of
 *   the command is refused, whatever the command (it used to be HTML for render, JSON
 *   for trend, and refused for check);
 * - one `-o FILE` with several `-f` writes each format under the file's name with that
 *   format's extension (`-f xlsx -f html -o big.xlsx`: big.xlsx and big.html);
 * - anything else is ambiguous and refused before any input is read: unequal counts,
 *   content that does not fit its file's name, an output given twice, standard output twice.
 *
 * No `-o` is the caller's case (standard output for findings, beside each input for render).
 *
 * @param kinds the kinds of output the command writes, in order of preference
 * @throws CspmError `usage` or `unknown-format`, one line naming the output
 */
export function pairOutputPaths(
  formats: readonly string[],
  outputs: readonly string[],
  kinds: readonly RoutedKind[],
  fallbacks: OutputFallbacks = {},
): OutputPair[] {
  const only = outputs.length === 1 ? (outputs[0] as string) : undefined;
  if (only !== undefined && !isStandardOutput(only) && new Set(formats).size > 1)
    return pairUnderOneName(formats, only, kinds);
  if (formats.length > 0 && formats.length !== outputs.length) {
    throw new CspmError(
      'usage',
      `${formats.length} --format values for ${outputs.length} --output values; give one --format before each --output, or none and let the names tell`,
      { data: { option: 'format' } },
    );
  }
  const seen = new Set<string>();
  return outputs.map((path, index) => {
    const toTerminal = isStandardOutput(path);
    const key = toTerminal ? '-' : path;
    if (seen.has(key))
      throw new CspmError(
        'usage',
        toTerminal
          ? '--output - is given twice; only one output can go to standard output'
          : `--output ${path} is given twice; each format needs its own output`,
        { data: { option: 'output', path } },
      );
    seen.add(key);
    const fallback = toTerminal ? fallbacks.standardOutput : hasExtension(path) ? undefined : fallbacks.file;
    return { format: resolveOutputFormat(toTerminal ? undefined : path, formats[index], kinds, fallback), path };
  });
}

/**
 * Several formats under one name: the name's own extension is its format's (which must
 * be one of them), and every other format takes the name with its own extension.
 */
function pairUnderOneName(formats: readonly string[], path: string, kinds: readonly RoutedKind[]): OutputPair[] {
  const given = [...new Set(formats)];
  const chosen = given.map((format) => resolveOutputFormat(undefined, format, kinds));
  const named = formatNamedBy(path, kinds);
  const namedHere =
    named === undefined
      ? undefined
      : chosen.find((format) => format.kind === named.kind && format.format === named.format);
  if (named !== undefined && namedHere === undefined) {
    throw new CspmError(
      'usage',
      `${path}: its name says ${named.format}, which is not one of the --format values (${given.join(', ')}); name it for one of them, or give one --output per --format`,
      { data: { path, value: named.format, known: given } },
    );
  }
  const inPath = namedHere === undefined ? undefined : extensionsNaming(namedHere, path).inPath;
  const stem = inPath === undefined ? path : path.slice(0, path.length - inPath.length - 1);
  return chosen.map((format) => ({
    format,
    path: format === namedHere ? path : `${stem}.${extensionsNaming(format, path).own}`,
  }));
}
