import {
  type Analysis,
  type CheckOptions,
  type CspmClient,
  type FailOn,
  fetchAccounts,
  type FetchAccountsResult,
  type FetchTarget,
  isCspmError,
  type ReportPlace,
  type SavedReport,
} from '../../index.js';
import { renderWarningPrinter } from '../render-options.js';
import { describeTarget, plural, terminalText } from '../../internal.js';
import type { CliIo } from '../cli-io.js';
import { writeOutput } from '../write-output.js';

/** What fetching several reports needs. */
export interface FetchManyOptions {
  client: CspmClient;
  check: boolean;
  failOn: FailOn;
  checkOptions: CheckOptions;
  io: CliIo;
  place: ReportPlace;
  concurrency: number;
  /** Files the run reads (accounts file, secret files), never to be written over. */
  readFiles: readonly string[];
}

/** A failure's message, one line, without the code's summary repeated for each target. */
function failureText(error: unknown): string {
  if (isCspmError(error)) return error.message;
  return `internal error: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Fetches many reports with the fetchAccounts job, telling each as it ends: a saved
 * report is a line on standard output; a failure (the service's answer, a timeout, an
 * unwritable file) a line on standard error naming the target; then a summary line.
 *
 * @returns the job's exit code: 0 when every report was saved (and checked clean), 1
 *          when any failed, has findings at or above --fail-on, or nothing was fetched
 */
export async function fetchMany(targets: readonly FetchTarget[], options: FetchManyOptions): Promise<number> {
  const { io } = options;
  const result = await fetchAccounts(options.client, targets, {
    ...options.checkOptions,
    check: options.check,
    failOn: options.failOn,
    place: options.place,
    readFiles: options.readFiles,
    write: (path, body, root) => writeOutput(path, body, io, root),
    onWarning: renderWarningPrinter(io),
    concurrency: options.concurrency,
    onFailure: ({ target, error }) =>
      io.stderr.write(`cspm-report: ${terminalText(describeTarget(target))}: ${terminalText(failureText(error))}\n`),
    onRepeat: (target, first) =>
      io.stderr.write(
        `cspm-report: ${terminalText(describeTarget(target))} (${terminalText(target.origin ?? 'flags')}) is also asked by ${terminalText(first.origin ?? 'the flags')}; fetched once\n`,
      ),
    onSaved: (saved) => io.stdout.write(`${outcomeLine(saved, options.check)}\n`),
  });
  io.stdout.write(`${summaryLine(result, options)}\n`);
  return result.verdict.exitCode;
}

/** The figures of a checked report in words: `127 policies, 2 errors, 1 warning`. */
function describeChecked(analysis: Analysis): string {
  const { policies, errors, warnings } = analysis.summary;
  const findings =
    errors + warnings === 0 ? 'no findings' : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  return `${plural(policies, 'policy', 'policies')}, ${findings}`;
}

function outcomeLine(saved: SavedReport, checked: boolean): string {
  const { placed, analysis, failing, unrendered } = saved;
  const documents =
    unrendered === undefined && placed.documents.length > 0
      ? ` (+ ${placed.documents.map(({ format }) => format).join(', ')})`
      : '';
  const mark = failing ? '✖' : '✔';
  const figures = checked || placed.documents.length > 0 ? `: ${describeChecked(analysis)}` : '';
  const note =
    unrendered !== undefined
      ? ` (not rendered: ${unrendered})`
      : failing
        ? ` (cspm-report check ${terminalText(placed.envelope)} lists them)`
        : '';
  return `${mark} ${terminalText(describeTarget(placed.target))} → ${terminalText(placed.envelope)}${documents}${figures}${note}`;
}

function summaryLine(result: FetchAccountsResult, options: FetchManyOptions): string {
  const failed = result.failures.length - result.unlisted;
  const into = options.place.outDir === undefined ? '' : ` into ${terminalText(options.place.outDir)}`;
  const parts = [`saved ${result.asked - failed} of ${plural(result.asked, 'report')}${into}`];
  if (failed > 0) parts.push(`${failed} failed`);
  if (result.unlisted > 0) parts.push(`${plural(result.unlisted, 'account')} whose benchmarks could not be listed`);
  if (result.failing > 0)
    parts.push(
      `${result.failing} with findings at or above ${options.failOn}${options.place.formats.length > 0 ? ' or not rendered' : ''}`,
    );
  return parts.join('; ');
}
