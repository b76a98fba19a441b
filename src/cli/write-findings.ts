import {
  findingsFormats,
  judgeFindingsResult,
  type FindingsFormat,
  type FindingsFormatOptions,
  type FindingsRun,
  ruleCatalogue,
} from '../index.js';
import { maxSummaryBytes } from '../internal.js';
import { appendStepSummary } from './append-step-summary.js';
import { wantsColor, type CliIo } from './cli-io.js';
import { inputFiles } from './report-inputs.js';
import type { FindingsOutput, FindingsOutputArgs } from './findings-outputs.js';
import { isStandardOutput, writeOutput } from './write-output.js';

/**
 * Writes a check, gate or diff result in each format to its output, with the judgement
 * of the fail-closed policy that every format states (judged once). Each text is built
 * before its file is written, and each file atomically: a failure leaves no partial file.
 * A run that writes GitHub annotations inside a GitHub Actions job also appends the
 * Markdown summary to the job's step summary, unless that is one of the run's files,
 * within the Markdown's characters and half the 1 MiB GitHub takes of a step.
 *
 * @param otherFiles files the run reads or writes beside the reports and the outputs (a baseline, a rules file, a
 * result file)
 */
export async function writeFindings(
  run: FindingsRun,
  outputs: readonly FindingsOutput[],
  io: CliIo,
  args: Pick<FindingsOutputArgs, 'color' | 'markdown-limit'>,
  otherFiles: readonly string[] = [],
): Promise<void> {
  const result = judgeFindingsResult(run);
  // A capped format names the run's own complete output, when it writes one to a file.
  const complete = outputs.find(
    (output) => (output.format === 'text' || output.format === 'json') && !isStandardOutput(output.path),
  );
  const shared: FindingsFormatOptions = {
    rules: ruleCatalogue,
    color: false,
    ...(args['markdown-limit'] === undefined ? {} : { markdownLimit: args['markdown-limit'] }),
    ...(complete === undefined ? {} : { completeOutput: complete.path }),
  };
  for (const output of outputs) {
    const toTerminal = isStandardOutput(output.path);
    const format: FindingsFormat = findingsFormats[output.format];
    const options = { ...shared, color: toTerminal && wantsColor(io, io.stdout, args.color) };
    await writeOutput(
      output.path,
      format.formatChunks === undefined
        ? format.format(result, options)
        : asyncChunks(format.formatChunks(result, options)),
      io,
    );
  }
  if (outputs.some((output) => output.format === 'github')) {
    const guarded = [
      ...inputFiles(result.analysis),
      ...otherFiles,
      ...outputs.map((output) => output.path).filter((path) => !isStandardOutput(path)),
    ];
    await appendStepSummary(
      findingsFormats.markdown.format(result, { ...shared, markdownBytes: maxSummaryBytes }),
      guarded,
      io,
    );
  }
}

/** The chunks of a format as the writers take them; each is made when the writer asks for it. */
async function* asyncChunks(chunks: Iterable<string>): AsyncGenerator<string> {
  yield* chunks;
}
