import type { ReportInput } from '../../load/load-reports.js';
import type { ExceptionsCheck } from '../../model/exceptions.js';
import type { Verdict } from '../../model/verdict.js';
import { getExceptionsCheckRenderer } from '../../render/exceptions/exceptions-check-renderers.js';
import { defaultOutput, resolveOutputFormat } from '../../render/formats/output-routing.js';
import type { OutputToWrite } from '../outputs/output-to-write.js';
import { isStandardOutput } from '../outputs/standard-output.js';
import { checkExceptions, type CheckExceptionsOptions } from './check-exceptions.js';

/** The output of {@link renderExceptionsCheck}: a file or standard output (`-`), and its format if given. */
export interface ExceptionsCheckOutput {
  path: string;
  /** `-f`; by default the path's extension says, else the kind's default (text). */
  format?: string;
}

/** What {@link renderExceptionsCheck} returns: the check, its one output, and the verdict. */
export interface RenderExceptionsCheckResult {
  check: ExceptionsCheck;
  output: OutputToWrite;
  verdict: Verdict;
}

/**
 * Judges exceptions files (see {@link checkExceptions}) and renders the result in the
 * output's format. The format is settled before any file is read; an output that would
 * replace an input is refused before it is written.
 *
 * @throws CspmError `usage` or `unknown-format` for an output and format that do not fit, and as
 *   {@link checkExceptions}
 */
export async function renderExceptionsCheck(
  files: readonly string[],
  reports: ReportInput | readonly ReportInput[] | undefined,
  options: Omit<CheckExceptionsOptions, 'outputs'>,
  output: ExceptionsCheckOutput,
): Promise<RenderExceptionsCheckResult> {
  const toFile = !isStandardOutput(output.path);
  const { format } = resolveOutputFormat(
    toFile ? output.path : undefined,
    output.format,
    ['exceptions'],
    defaultOutput('exceptions'),
  );
  const check = await checkExceptions(files, reports, {
    ...options,
    outputs: toFile ? [{ path: output.path, from: `the ${format} result` }] : [],
  });
  const render = (): string => getExceptionsCheckRenderer(format).render(check);
  return { check, output: { format, path: output.path, render }, verdict: check.verdict };
}
