import type { DocumentFormat } from '../../index.js';
import { datasetFormats, plural, tableFileRunOf, terminalText } from '../../internal.js';
import { checkOptionsOf } from '../analysis-options.js';
import { exceptionsOptionsOf } from '../exceptions-options.js';
import type { CliIo } from '../cli-io.js';
import { chosenFormats, renderOptions, type RenderArgs } from '../render-options.js';
import { toReportInputs } from '../report-inputs.js';
import { isStandardOutput } from '../write-output.js';
import { writeAtomic } from '../write-atomic.js';
import { sourcesName } from '../sources-name.js';
import { documentListener } from './render-dataset-run.js';
import { statusWriter } from '../status-line.js';

/**
 * True when a render run writes one Parquet table to one file (`-o all.parquet`, no
 * other format): it is then made while the inputs are read, one at a time, rather than
 * from every report held at once.
 */
export function writesTableFile(args: RenderArgs): boolean {
  const [output] = args.output;
  if (args.output.length !== 1 || output === undefined || isStandardOutput(output) || args['out-dir'] !== undefined)
    return false;
  const formats = chosenFormats(args);
  return formats.length === 1 && formats[0] !== undefined && datasetFormats.includes(formats[0]);
}

/**
 * Runs `render INPUTS -f parquet -o FILE` (or `-f parquet-figures`): the table of every
 * input in one file, written whole or not at all. An input refused, or a scan given
 * twice, is said on standard error and fails the run (exit 1); no file is made when no
 * input had a report to write.
 */
export async function runRenderTableFile(args: RenderArgs, io: CliIo): Promise<number> {
  renderOptions(args, io);
  const output = args.output[0] as string;
  // writesTableFile sent this run here for its one format, a table of the dataset.
  const [format] = chosenFormats(args) as [DocumentFormat];
  const check = checkOptionsOf(args, io);
  const status = statusWriter(io, args.quiet);
  const run = await tableFileRunOf(toReportInputs(args.inputs, io), format, output, {
    ...check,
    ...exceptionsOptionsOf(args),
    policies: args.policies,
    showPaths: args['show-paths'],
    strict: args.strict,
    onDocument: documentListener(io, status),
  });
  const { paths } = run;
  // A run of no report makes no file (see renderTableFile): the file is declined once its body ended.
  await writeAtomic(output, run.body, undefined, () => run.result().written);
  const { written, summary, repeated, verdict } = run.result();
  for (const line of repeated) io.stderr.write(`cspm-report: ${terminalText(line)}\n`);
  if (written && !isStandardOutput(output)) status(`wrote ${terminalText(output)}`);
  else io.stderr.write(`cspm-report: ${terminalText(output)}: not written, no input had a benchmark report to write\n`);
  const name = paths.length === 0 ? '<stdin>' : sourcesName(paths);
  const { files, reports, policies } = summary;
  status(
    `  ${terminalText(name)}: ${plural(files, 'file')}, ${plural(reports, 'report')}, ${plural(policies, 'policy', 'policies')} written`,
  );
  return verdict.exitCode;
}
