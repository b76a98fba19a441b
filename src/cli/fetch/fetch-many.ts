import {
  type Analysis,
  type FailOn,
  type FetchAccountsOptions,
  type FetchAccountsResult,
  isCspmError,
  type ReportPlace,
  type SavedReport,
} from '../../index.js';
import { describeTarget, plural, terminalText } from '../../internal.js';
import type { CliIo } from '../cli-io.js';

/** A failure's message, one line, without the code's summary repeated for each target. */
function failureText(error: unknown): string {
  if (isCspmError(error)) return error.message;
  return `internal error: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * What a fetch of many reports tells as each ends: a saved report is a line on standard
 * output; a failure (the service's answer, a timeout, an unwritable file) a line on
 * standard error naming the target; a target asked twice a line that it is fetched once.
 */
export function fetchManyListeners(
  io: CliIo,
  checked: boolean,
): Required<Pick<FetchAccountsOptions, 'onFailure' | 'onRepeat' | 'onSaved'>> {
  return {
    onFailure: ({ target, error }) =>
      io.stderr.write(`cspm-report: ${terminalText(describeTarget(target))}: ${terminalText(failureText(error))}\n`),
    onRepeat: (target, first) =>
      io.stderr.write(
        `cspm-report: ${terminalText(describeTarget(target))} (${terminalText(target.origin ?? 'flags')}) is also asked by ${terminalText(first.origin ?? 'the flags')}; fetched once\n`,
      ),
    onSaved: (saved) => io.stdout.write(`${outcomeLine(saved, checked)}\n`),
  };
}

/** What the summary line of a fetch of many reports reads. */
export interface FetchManySummaryOptions {
  place: ReportPlace;
  failOn: FailOn;
  io: CliIo;
}

/**
 * Ends a fetch of many reports with its summary line.
 *
 * @returns the job's exit code: 0 when every report was saved (and checked clean), 1
 *          when any failed, has findings at or above --fail-on, or nothing was fetched
 */
export function fetchManySummary(result: FetchAccountsResult, options: FetchManySummaryOptions): number {
  options.io.stdout.write(`${summaryLine(result, options)}\n`);
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

function summaryLine(result: FetchAccountsResult, options: FetchManySummaryOptions): string {
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
