import type { FindingsRun } from '../index.js';
import { findingsToWrite } from '../internal.js';
import { appendStepSummary } from './append-step-summary.js';
import { wantsColor, type CliIo } from './cli-io.js';
import type { FindingsOutput, FindingsOutputArgs } from './findings-outputs.js';
import { writeOutput } from './write-output.js';

/**
 * Writes a check, gate or diff result in each format to its output (see findingsToWrite).
 * Each text is built before its file is written, and each file atomically: a failure
 * leaves no partial file. A run that writes GitHub annotations inside a GitHub Actions
 * job also appends the Markdown summary to the job's step summary, unless that is one of
 * the run's files.
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
  const { outputs: written, stepSummary } = findingsToWrite(
    run,
    outputs,
    {
      color: wantsColor(io, io.stdout, args.color),
      ...(args['markdown-limit'] === undefined ? {} : { markdownLimit: args['markdown-limit'] }),
    },
    otherFiles,
  );
  for (const output of written) await writeOutput(output.path, await output.render(), io);
  if (stepSummary !== undefined) await appendStepSummary(stepSummary.render(), stepSummary.guarded, io);
}
