import { CspmError, type PlannedDocument } from '../../index.js';
import { datasetFormats, plural, renderDataset, terminalText } from '../../internal.js';
import { checkOptionsOf } from '../analysis-options.js';
import { exceptionsOptionsOf } from '../exceptions-options.js';
import type { CliIo } from '../cli-io.js';
import { datasetFiles, placeParts } from '../dataset-files.js';
import { chosenFormats, renderOptions, type RenderArgs } from '../render-options.js';
import { toReportInputs } from '../report-inputs.js';
import { type StatusWriter, statusWriter } from '../status-line.js';

/** True when a render run writes a Parquet dataset: a Parquet format and --out-dir. */
export function writesDataset(args: RenderArgs): boolean {
  return args['out-dir'] !== undefined && (args.format ?? []).some((format) => datasetFormats.includes(format));
}

function documentLine(document: PlannedDocument): string | undefined {
  if (document.status === 'ready') return undefined;
  const { errors, warnings } = document.analysis.summary;
  const name = terminalText(document.sources.join(', '));
  if (document.reason === 'no-benchmark-report')
    return `  ${name}: skipped, no benchmark report in it (${plural(warnings, 'warning')}; see cspm-report check)`;
  if (document.reason === 'no-valid-report')
    return `cspm-report: ${name}: no valid benchmark report to write (${plural(errors, 'error')}; see cspm-report check)`;
  return `cspm-report: ${name}: not written, ${plural(errors, 'error')} and --strict (see cspm-report check)`;
}

/** Says on the terminal why each input not written was not: a refusal as an error, a skip as a status line. */
export function documentListener(io: CliIo, status: StatusWriter): (document: PlannedDocument) => void {
  return (document) => {
    const line = documentLine(document);
    if (line === undefined) return;
    if (document.status === 'refused') io.stderr.write(`${line}\n`);
    else status(line);
  };
}

/**
 * Runs `render -f parquet --out-dir DIR`: every input, one at a time, into the
 * partitions of DIR's `policies/` and `figures/` tables; then every part is put in
 * place whole, or none when a part's name is taken by other bytes.
 */
export async function runRenderDataset(args: RenderArgs, io: CliIo): Promise<number> {
  const other = chosenFormats(args).filter((format) => !datasetFormats.includes(format));
  if (other.length > 0)
    throw new CspmError(
      'usage',
      `-f parquet with --out-dir writes a dataset; render ${other.join(', ')} in a run of its own`,
      { data: { option: 'format' } },
    );
  renderOptions(args, io);
  const root = args['out-dir'] as string;
  const files = datasetFiles(root);
  const status = statusWriter(io, args.quiet);
  let result;
  try {
    result = await renderDataset(
      toReportInputs(args.inputs, io),
      {
        ...checkOptionsOf(args, io),
        ...exceptionsOptionsOf(args),
        policies: args.policies,
        showPaths: args['show-paths'],
        strict: args.strict,
        onDocument: documentListener(io, status),
      },
      files,
    );
  } catch (error) {
    await files.abandon();
    throw error;
  }
  for (const placed of await placeParts(result.parts)) {
    status(
      `${placed.status === 'written' ? 'wrote' : 'unchanged, already there:'} ${terminalText(placed.path)} (${plural(placed.rows, 'row')})`,
    );
  }
  for (const line of result.repeated) io.stderr.write(`cspm-report: ${terminalText(line)}\n`);
  const { files: written, reports, policies } = result.summary;
  status(
    `  ${terminalText(root)}: ${plural(written, 'file')}, ${plural(reports, 'report')}, ${plural(policies, 'policy', 'policies')}`,
  );
  return result.verdict.exitCode;
}
