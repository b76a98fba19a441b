import { appendFile } from 'node:fs/promises';
import { CspmError, findingsFormats, type FindingsResult, ruleCatalogue } from '../index.js';
import { wantsColor, type CliIo } from './cli-io.js';
import type { FindingsOutput } from './findings-outputs.js';
import { isStandardOutput, writeOutput } from './write-output.js';

/**
 * Writes a check or gate result in each format to its output. Each text is built before
 * its file is written, and each file atomically: a failure leaves no partial file.
 * A run that writes GitHub annotations inside a GitHub Actions job also appends the
 * Markdown summary to the job's step summary.
 */
export async function writeFindings(result: FindingsResult, outputs: readonly FindingsOutput[], io: CliIo, color: boolean | undefined): Promise<void> {
  for (const output of outputs) {
    const toTerminal = isStandardOutput(output.path);
    const text = findingsFormats[output.format].format(result, { rules: ruleCatalogue, color: toTerminal && wantsColor(io, io.stdout, color) });
    await writeOutput(output.path, text, io);
  }
  if (outputs.some((output) => output.format === 'github')) await appendStepSummary(result, io);
}

/**
 * Appends, never replaces: the runner gives each step its own file, and earlier
 * commands of the same step may have written to it already.
 */
async function appendStepSummary(result: FindingsResult, io: CliIo): Promise<void> {
  const path = io.env['GITHUB_STEP_SUMMARY'];
  if (path === undefined || path === '') return;
  const text = findingsFormats.markdown.format(result, { rules: ruleCatalogue, color: false });
  try {
    await appendFile(path, text, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
    throw new CspmError('output-failed', `GITHUB_STEP_SUMMARY ${path} (${reason})`, { data: { path }, cause: error });
  }
}
