import { assertSafeOutputs, type CheckOptions, type CspmClient, type FailOn, type FetchFailure, fetchReports, isCspmError } from '../../index.js';
import { renderWarningPrinter } from '../render-options.js';
import { plural, terminalText } from '../../internal.js';
import type { CliIo } from '../cli-io.js';
import { describeChecked, type PlacedReport, saveReport, type SavedReport } from './fetch-report.js';
import { describeTarget, type FetchTarget } from './fetch-target.js';
import { placeReport, plannedFiles, type ReportPlace } from './place-reports.js';

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
 * Fetches many reports with the fetch job, saving each as it comes: each report's
 * outcome is a line on standard output as it ends; a failure (the service's answer, a
 * timeout, an unwritable file) is a line on standard error naming the target, and the
 * others go on. Every output path is planned and checked against the inputs and each
 * other before the first report is fetched.
 *
 * @returns the job's exit code: 0 when every report was saved (and checked clean), 1
 *          when any failed, has findings at or above --fail-on, or nothing was fetched
 */
export async function fetchMany(targets: readonly FetchTarget[], options: FetchManyOptions): Promise<number> {
  const { io } = options;
  // The fetches are the progress here, not the check of each report as it comes.
  const { onProgress, ...checkOptions } = options.checkOptions;
  const tally = { unlisted: 0, failed: 0, failing: 0, done: 0 };
  const placed = new Map<FetchTarget, PlacedReport>();
  const show = (): void => onProgress?.({ phase: 'fetching', done: tally.done, total: placed.size, unit: `reports${tally.failed > 0 ? `, ${tally.failed} failed` : ''}` });
  const onFailure = ({ target, error }: FetchFailure): void => {
    // Before the reports are placed, a failure is a listing's.
    if (placed.size === 0) tally.unlisted += 1;
    else {
      tally.failed += 1;
      tally.done += 1;
    }
    io.stderr.write(`cspm-report: ${terminalText(describeTarget(target))}: ${terminalText(failureText(error))}\n`);
    if (placed.size > 0) show();
  };
  const result = await fetchReports(options.client, targets, {
    ...checkOptions,
    check: options.check,
    failOn: options.failOn,
    formats: options.place.formats,
    onWarning: renderWarningPrinter(io),
    concurrency: options.concurrency,
    onFailure,
    onRepeat: (target, first) => io.stderr.write(`cspm-report: ${terminalText(describeTarget(target))} (${terminalText(target.origin ?? 'flags')}) is also asked by ${terminalText(first.origin ?? 'the flags')}; fetched once\n`),
    prepare(expanded) {
      for (const target of expanded) placed.set(target, placeReport(target, options.place));
      assertSafeOutputs(plannedFiles([...placed.values()]), options.readFiles);
      show();
    },
    nameOf: (target) => (placed.get(target) as PlacedReport).name,
    async keep(fetched) {
      const saved = await saveReport(placed.get(fetched.target) as PlacedReport, fetched, io);
      if (saved.failing) tally.failing += 1;
      tally.done += 1;
      io.stdout.write(`${outcomeLine(saved, options.check)}\n`);
      show();
    },
  });
  io.stdout.write(`${summaryLine(result.asked, tally, options)}\n`);
  return result.verdict.exitCode;
}

function outcomeLine(saved: SavedReport, checked: boolean): string {
  const { placed, analysis, failing, unrendered } = saved;
  const documents = unrendered === undefined && placed.documents.length > 0 ? ` (+ ${placed.documents.map(({ format }) => format).join(', ')})` : '';
  const mark = failing ? '✖' : '✔';
  const figures = checked || placed.documents.length > 0 ? `: ${describeChecked(analysis)}` : '';
  const note = unrendered !== undefined ? ` (not rendered: ${unrendered})` : failing ? ` (cspm-report check ${terminalText(placed.envelope)} lists them)` : '';
  return `${mark} ${terminalText(describeTarget(placed.target))} → ${terminalText(placed.envelope)}${documents}${figures}${note}`;
}

function summaryLine(reports: number, tally: { unlisted: number; failed: number; failing: number }, options: FetchManyOptions): string {
  const into = options.place.outDir === undefined ? '' : ` into ${terminalText(options.place.outDir)}`;
  const parts = [`saved ${reports - tally.failed} of ${plural(reports, 'report')}${into}`];
  if (tally.failed > 0) parts.push(`${tally.failed} failed`);
  if (tally.unlisted > 0) parts.push(`${plural(tally.unlisted, 'account')} whose benchmarks could not be listed`);
  if (tally.failing > 0) parts.push(`${tally.failing} with findings at or above ${options.failOn}${options.place.formats.length > 0 ? ' or not rendered' : ''}`);
  return parts.join('; ');
}
