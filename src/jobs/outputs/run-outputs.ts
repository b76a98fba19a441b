import { CspmError } from '../../error/cspm-error.js';
import type { DocumentFormat } from '../../model/renderer.js';
import type { FindingsFormatName } from '../../model/findings-format.js';
import { getFindingsFormat } from '../../render/findings/findings-formats.js';
import { defaultOutput, type RoutedKind, resolveOutputFormat } from '../../render/formats/output-routing.js';
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
