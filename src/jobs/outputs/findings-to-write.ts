import { ruleCatalogue } from '../../analyse/rule-descriptions.js';
import { judgeFindingsResult } from '../../model/fail-closed.js';
import type { FindingsFormatOptions, FindingsRun } from '../../model/findings-format.js';
import { findingsFormats } from '../../render/findings/findings-formats.js';
import { maxSummaryBytes } from '../../render/findings/markdown-budget.js';
import { analysedFiles } from '../output-guard.js';
import type { OutputToWrite } from './output-to-write.js';
import type { FindingsOutput } from './run-outputs.js';
import { isStandardOutput } from './standard-output.js';

/** How {@link findingsToWrite} writes the findings. */
export interface FindingsWriteOptions {
  /** ANSI colours in the text written to standard output (never in a file). */
  color?: boolean;
  /** The most characters the Markdown output and the step summary take (`--markdown-limit`). */
  markdownLimit?: number;
}

/** The Markdown summary of a run that writes GitHub annotations, for the CI job's step summary. */
export interface StepSummary {
  /** The run's input and output files, which the summary file must not be. */
  guarded: string[];
  /** The Markdown, within the characters of the run and half the 1 MiB GitHub takes of a step. */
  render(): string;
}

/** What {@link findingsToWrite} returns: each output's text, and the step summary if the run writes one. */
export interface FindingsToWrite {
  outputs: OutputToWrite[];
  stepSummary?: StepSummary;
}

/** The chunks of a format as the writers take them; each is made when the writer asks for it. */
async function* asyncChunks(chunks: Iterable<string>): AsyncGenerator<string> {
  yield* chunks;
}

/**
 * A check, gate, merge or diff result in each format of `outputs`, with the judgement of
 * the fail-closed policy that every format states (judged once). Each text is made when
 * its output asks for it, as its file is about to be written. A run that writes GitHub
 * annotations also has the Markdown summary for the CI job's step summary.
 *
 * @param otherFiles files the run reads or writes beside the reports and the outputs (a baseline, a rules file, a
 * result file)
 */
export function findingsToWrite(
  run: FindingsRun,
  outputs: readonly FindingsOutput[],
  options: FindingsWriteOptions,
  otherFiles: readonly string[] = [],
): FindingsToWrite {
  const result = judgeFindingsResult(run);
  // A capped format names the run's own complete output, when it writes one to a file.
  const complete = outputs.find(
    (output) => (output.format === 'text' || output.format === 'json') && !isStandardOutput(output.path),
  );
  const shared: FindingsFormatOptions = {
    rules: ruleCatalogue,
    color: false,
    ...(options.markdownLimit === undefined ? {} : { markdownLimit: options.markdownLimit }),
    ...(complete === undefined ? {} : { completeOutput: complete.path }),
  };
  const written = outputs.map(({ format, path }) => ({
    format,
    path,
    render: () => {
      const writer = findingsFormats[format];
      const formatOptions = { ...shared, color: isStandardOutput(path) && options.color === true };
      return writer.formatChunks === undefined
        ? writer.format(result, formatOptions)
        : asyncChunks(writer.formatChunks(result, formatOptions));
    },
  }));
  if (!outputs.some((output) => output.format === 'github')) return { outputs: written };
  const guarded = [
    ...analysedFiles(result.analysis),
    ...otherFiles,
    ...outputs.map((output) => output.path).filter((path) => !isStandardOutput(path)),
  ];
  const render = (): string => findingsFormats.markdown.format(result, { ...shared, markdownBytes: maxSummaryBytes });
  return { outputs: written, stepSummary: { guarded, render } };
}
