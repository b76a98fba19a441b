import { findingsFormats, type FindingsResult, ruleCatalogue } from '../index.js';
import { appendStepSummary } from './append-step-summary.js';
import { wantsColor, type CliIo } from './cli-io.js';
import { inputFiles } from './report-inputs.js';
import type { FindingsOutput } from './findings-outputs.js';
import { isStandardOutput, writeOutput } from './write-output.js';

/**
 * Writes a check or gate result in each format to its output. Each text is built before
 * its file is written, and each file atomically: a failure leaves no partial file.
 * A run that writes GitHub annotations inside a GitHub Actions job also appends the
 * Markdown summary to the job's step summary, unless that is one of the run's files.
 *
 * @param otherFiles files the run reads or writes beside the reports and the outputs (a baseline, a rules file, a result file)
 */
export async function writeFindings(result: FindingsResult, outputs: readonly FindingsOutput[], io: CliIo, color: boolean | undefined, otherFiles: readonly string[] = []): Promise<void> {
  for (const output of outputs) {
    const toTerminal = isStandardOutput(output.path);
    const text = findingsFormats[output.format].format(result, { rules: ruleCatalogue, color: toTerminal && wantsColor(io, io.stdout, color) });
    await writeOutput(output.path, text, io);
  }
  if (outputs.some((output) => output.format === 'github')) {
    const guarded = [...inputFiles(result.analysis), ...otherFiles, ...outputs.map((output) => output.path).filter((path) => !isStandardOutput(path))];
    await appendStepSummary(findingsFormats.markdown.format(result, { rules: ruleCatalogue, color: false }), guarded, io);
  }
}
