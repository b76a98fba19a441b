import { CspmError } from '../../error/cspm-error.js';
import type { DocumentFormat } from '../../model/renderer.js';
import { formatsWithParquetForm, parquetFormOf } from '../../render/formats/format-views.js';
import { defaultOutput } from '../../render/formats/output-routing.js';
import { pairOutputPaths } from './output-pairs.js';
import { isStandardOutput, stdinToken } from './standard-output.js';

/** The outputs of `render` as the command line asks them. */
export interface DocumentOutputsRequest {
  /** The inputs; standard input among them needs a named output. */
  inputs: readonly string[];
  /** `-f`, each paired with the `-o` in its position. */
  formats: readonly DocumentFormat[] | undefined;
  /** `-o`: files of one document of all inputs together. */
  outputs: readonly string[];
  /** `--out-dir`: a folder for a file per input and format. */
  outDir: string | undefined;
  /** `--parquet`: each format with a Parquet form becomes it (`ocsf` → `ocsf-parquet`). */
  parquet?: boolean;
}

/** The formats of a render run, and the files of its one document when it names them. */
export interface DocumentOutputs {
  /** Every format the run writes, each once. */
  formats: DocumentFormat[];
  /** The `-o` files with their formats (see pairOutputPaths); none when each input gets its own files. */
  named: { format: DocumentFormat; path: string }[] | undefined;
}

/** The -f values, `parquet` applied (each format with a Parquet form becomes it), each once. */
function givenFormats(request: DocumentOutputsRequest): DocumentFormat[] {
  const given = request.formats ?? [];
  if (request.parquet !== true) return [...new Set(given)];
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
 * The files of a run with -o, each with its format, by the rule every command follows (see
 * pairOutputPaths); a name that names no document format is HTML's, as is standard output without -f.
 */
function namedOutputs(request: DocumentOutputsRequest): { format: DocumentFormat; path: string }[] {
  const fallback = defaultOutput('document');
  return pairOutputPaths(givenFormats(request), request.outputs, ['document'], {
    standardOutput: fallback,
    file: fallback,
  }).map(({ format, path }) => ({ format: format.format as DocumentFormat, path }));
}

/**
 * The outputs of a render run, after refusing what cannot be: the formats of the -o files,
 * else the -f values, else HTML; and the -o files with theirs.
 *
 * @throws CspmError `usage` naming the option, or as pairOutputPaths does
 */
export function documentOutputsOf(request: DocumentOutputsRequest): DocumentOutputs {
  const given = givenFormats(request);
  if (request.outputs.length > 0 && request.outDir !== undefined)
    throw new CspmError('usage', '--output and --out-dir exclude each other', { data: { option: 'output' } });
  if (request.outDir !== undefined && isStandardOutput(request.outDir))
    throw new CspmError('usage', '--out-dir takes a folder; for standard output use --output -', {
      data: { option: 'out-dir' },
    });
  if (request.inputs.includes(stdinToken) && request.outputs.length === 0 && request.outDir === undefined) {
    throw new CspmError('usage', 'rendering standard input needs --output FILE or --out-dir DIR', {
      data: { option: 'output' },
    });
  }
  if (request.outputs.length === 0)
    return {
      formats: given.length > 0 ? given : [defaultOutput('document').format as DocumentFormat],
      named: undefined,
    };
  const named = namedOutputs(request);
  return { formats: [...new Set(named.map((output) => output.format))], named };
}
