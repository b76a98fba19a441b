import { CspmError } from '../../error/cspm-error.js';
import { formatsOf, routedKinds } from './format-views.js';
import { outputKinds, type OutputFormatEntry, type RoutedKind } from './output-format.js';
import { outputFormats } from './output-formats.js';

export type { RoutedKind } from './output-format.js';

const entries: Readonly<Record<string, OutputFormatEntry>> = outputFormats;

/** What every writer that names its files tells of them. */
interface OutputFiles {
  extension: string;
  otherExtensions?: readonly string[];
  mediaType: string;
}

/**
 * The files of `format`'s writer of `kind`. Every extension a command recognises in an
 * output path comes from the registry's writers, so that one resolver serves every
 * command and a new format names its files in one place.
 */
function filesOf(kind: RoutedKind, format: string): OutputFiles | undefined {
  return Object.hasOwn(entries, format) ? entries[format]?.[kind] : undefined;
}

/** True when `format` has a writer of `kind`. */
function serves(kind: RoutedKind, format: string): boolean {
  return filesOf(kind, format) !== undefined;
}

/** A format of a kind of output. */
export interface OutputFormat {
  kind: RoutedKind;
  format: string;
}

/** The output a command of `kind` writes when nothing names its format: the kind's first format. */
export function defaultOutput(kind: RoutedKind): OutputFormat {
  return { kind, format: outputKinds[kind].first };
}

function entryOf({ kind, format }: OutputFormat): OutputFiles {
  return filesOf(kind, format) as OutputFiles;
}

/** The extensions of an entry, longest first (`hdf.json` before `json`). */
function extensionsOf(entry: OutputFiles): string[] {
  return [entry.extension, ...(entry.otherExtensions ?? [])];
}

/**
 * The extension of `format`'s own name for its files (`html`, `poam.csv`), and the
 * extension of `path` that names it, longest first, letter case aside; undefined when
 * the path's name ends in none of them.
 */
export function extensionsNaming(format: OutputFormat, path: string): { own: string; inPath: string | undefined } {
  const entry = entryOf(format);
  const name = path.toLowerCase();
  const inPath = extensionsOf(entry)
    .filter((extension) => name.endsWith(`.${extension}`) && name.length > extension.length + 1)
    .sort((a, b) => b.length - a.length)[0];
  return { own: entry.extension, inPath };
}

/**
 * The format that the name of `path` names among `kinds` (in that order of preference),
 * by the longest extension that matches (`plan.poam.csv` is a POA&M, `plan.csv` a CSV),
 * letter case aside; undefined when none does. `-` (standard output) names none.
 */
export function formatNamedBy(path: string, kinds: readonly RoutedKind[]): OutputFormat | undefined {
  const name = path.toLowerCase();
  let best: { format: OutputFormat; length: number } | undefined;
  for (const kind of kinds) {
    for (const format of formatsOf(kind)) {
      for (const extension of extensionsOf(entryOf({ kind, format }))) {
        if (!name.endsWith(`.${extension}`) || name.length === extension.length + 1) continue;
        if (best === undefined || extension.length > best.length)
          best = { format: { kind, format }, length: extension.length };
      }
    }
  }
  return best?.format;
}

/**
 * A media type's base (`text/csv`), and its structured-syntax suffix as a type too (`application/sarif+json` is also
 * `application/json`).
 */
function baseTypes(mediaType: string): string[] {
  const base = (mediaType.split(';')[0] ?? mediaType).trim();
  const suffix = /^(\w+)\/[^+]+\+(\w+)$/.exec(base);
  return suffix ? [base, `${suffix[1]}/${suffix[2]}`] : [base];
}

/**
 * True when content of `chosen` may go into a file whose name names `named`: the same
 * format, or the same kind of content (plain text into a `.log`, SARIF, which is JSON,
 * into a `.json`, a POA&M, which is CSV, into a `.csv`). Anything else would open wrongly.
 */
export function fitsName(chosen: OutputFormat, named: OutputFormat): boolean {
  if (chosen.kind === named.kind && chosen.format === named.format) return true;
  const [namedType] = baseTypes(entryOf(named).mediaType);
  return baseTypes(entryOf(chosen).mediaType).includes(namedType ?? '');
}

/**
 * The format of one output: `given` (a format of one of `kinds`) when the path's name
 * fits it, else the format the path names, else `fallback`. A format whose content does
 * not fit the name (`-f html` into `report.pdf`) is refused, as is a path that names no
 * format of `kinds` when nothing else says which.
 *
 * @param path the output path, or undefined (standard output)
 * @throws CspmError `usage` naming the path and the formats
 */
export function resolveOutputFormat(
  path: string | undefined,
  given: string | undefined,
  kinds: readonly RoutedKind[],
  fallback?: OutputFormat,
): OutputFormat {
  const named = path === undefined ? undefined : formatNamedBy(path, routedKinds);
  const namedHere = path === undefined ? undefined : formatNamedBy(path, kinds);
  if (given !== undefined) {
    const chosen = kinds.map((kind) => ({ kind, format: given })).find((candidate) => serves(candidate.kind, given));
    if (chosen === undefined) {
      const known = [...new Set(kinds.flatMap((kind) => formatsOf(kind)))];
      throw new CspmError('unknown-format', `"${given}"; the formats are ${known.join(', ')}`, {
        data: { name: given, known },
      });
    }
    const against = namedHere ?? named;
    if (against !== undefined && path !== undefined && !fitsName(chosen, against)) {
      throw new CspmError(
        'usage',
        `${path}: its name says ${against.format}, not ${given}; name the file .${entryOf(chosen).extension}`,
        { data: { path, value: given, known: [against.format] } },
      );
    }
    return chosen;
  }
  if (namedHere !== undefined) return namedHere;
  if (fallback !== undefined && (named === undefined || fitsName(fallback, named))) return fallback;
  const known = [...new Set(kinds.flatMap((kind) => formatsOf(kind)))];
  throw new CspmError(
    'usage',
    `${path ?? 'standard output'}: its name names no format of this command; give the format (${known.join(', ')})`,
    { data: { ...(path === undefined ? {} : { path }), known } },
  );
}
