import { isCspmError } from '../../index.js';
import { plural, terminalText } from '../../internal.js';
import { exitCodes } from '../cli-io.js';
import { assertSafeOutputs } from '../output-guard.js';
import { describeChecked, type FetchedReport, type FetchReportOptions, type PlacedReport, saveReport } from './fetch-report.js';
import { allBenchmarks, describeTarget, type FetchTarget } from './fetch-target.js';
import { placeReport, plannedFiles, type ReportPlace } from './place-reports.js';
import { ProgressLine } from './progress-line.js';
import { runPool } from './run-pool.js';

/** What fetching several reports needs beside one report's options. */
export interface FetchManyOptions extends FetchReportOptions {
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
 * Fetches many reports, `concurrency` at a time: first the benchmarks of each target
 * asking for `all`, then every report. Each report's outcome is a line on standard
 * output as it ends; a failure (the service's answer, a timeout, an unwritable file)
 * is a line on standard error naming the target, and the others go on. Every output
 * path is planned and checked against the inputs and each other before the first
 * report is fetched.
 *
 * @returns the exit code: 0 when every report was saved (and checked clean), 1 when
 *          any failed or has findings at or above --fail-on
 */
export async function fetchMany(targets: readonly FetchTarget[], options: FetchManyOptions): Promise<number> {
  const { io } = options;
  const progress = new ProgressLine(io);
  const tally = { unlisted: 0, failed: 0, failing: 0, done: 0 };
  const report = (target: FetchTarget, error: unknown): void => {
    progress.print(io.stderr, `cspm-report: ${terminalText(describeTarget(target))}: ${terminalText(failureText(error))}\n`);
  };

  const expanded = await expandBenchmarks(targets, options, progress, (target, error) => {
    tally.unlisted += 1;
    report(target, error);
  });
  const placed = withoutRepeats(expanded, (target, first) => {
    io.stderr.write(`cspm-report: ${terminalText(describeTarget(target))} (${terminalText(target.origin ?? 'flags')}) is also asked by ${terminalText(first.origin ?? 'the flags')}; fetched once\n`);
  }).map((target) => placeReport(target, options.place));
  assertSafeOutputs(plannedFiles(placed), options.readFiles);

  const show = (): void => progress.update(`fetched ${tally.done}/${placed.length}${tally.failed > 0 ? `, ${tally.failed} failed` : ''}`, tally.done === placed.length);
  const settle = (one: PlacedReport, outcome: { fetched: FetchedReport } | { error: unknown }): void => {
    if ('error' in outcome) {
      tally.failed += 1;
      report(one.target, outcome.error);
    } else {
      if (outcome.fetched.failing || outcome.fetched.unrendered !== undefined) tally.failing += 1;
      progress.print(io.stdout, `${outcomeLine(outcome.fetched)}\n`);
    }
    tally.done += 1;
    show();
  };
  show();
  // Saving, checking and rendering a report overlap its slot's next request: the files
  // and the check would otherwise add their time to every request's. At most
  // `concurrency` reports are being saved at once, so memory stays bounded.
  const saving = new Set<Promise<void>>();
  await runPool(placed, options.concurrency, async (one) => {
    let envelope: unknown;
    try {
      envelope = await options.client.getAuditSummary(one.target);
    } catch (error) {
      settle(one, { error });
      return;
    }
    while (saving.size >= options.concurrency) await Promise.race(saving);
    const task: Promise<void> = saveReport(one, envelope, options)
      .then((fetched) => settle(one, { fetched }), (error: unknown) => settle(one, { error }))
      .finally(() => saving.delete(task));
    saving.add(task);
  });
  await Promise.all(saving);
  progress.clear();
  io.stdout.write(`${summaryLine(placed.length, tally, options)}\n`);
  // Nothing fetched is never a success: an accounts file whose every listing failed passes nothing.
  return tally.unlisted + tally.failed + tally.failing > 0 || placed.length === 0 ? exitCodes.findings : exitCodes.ok;
}

/** The targets without a second ask for one report (`all` and that benchmark named on its own). */
function withoutRepeats(targets: readonly FetchTarget[], repeated: (target: FetchTarget, first: FetchTarget) => void): FetchTarget[] {
  const seen = new Map<string, FetchTarget>();
  return targets.filter((target) => {
    const key = JSON.stringify([target.licenseId, target.accountId, target.jobId, target.benchmarkId]);
    const first = seen.get(key);
    if (first !== undefined) repeated(target, first);
    else seen.set(key, target);
    return first === undefined;
  });
}

/** The targets with `all` replaced by one target per benchmark of the account; a failed listing is reported. */
async function expandBenchmarks(targets: readonly FetchTarget[], options: FetchManyOptions, progress: ProgressLine, fail: (target: FetchTarget, error: unknown) => void): Promise<FetchTarget[]> {
  const listed = new Map<FetchTarget, FetchTarget[]>();
  const asking = targets.filter((target) => target.benchmarkId === allBenchmarks);
  let done = 0;
  await runPool(asking, options.concurrency, async (target) => {
    progress.update(`listing benchmarks ${done}/${asking.length}`);
    try {
      const benchmarks = await options.client.listBenchmarks(target.licenseId, target.accountId);
      listed.set(
        target,
        benchmarks.map(({ benchmarkId }) => ({ ...target, benchmarkId })),
      );
      if (benchmarks.length === 0) fail(target, new Error('the account has no benchmark'));
    } catch (error) {
      fail(target, error);
    }
    done += 1;
  });
  return targets.flatMap((target) => (target.benchmarkId === allBenchmarks ? (listed.get(target) ?? []) : [target]));
}

function outcomeLine(fetched: FetchedReport): string {
  const { placed, analysis, failing, unrendered } = fetched;
  const documents = unrendered === undefined && placed.documents.length > 0 ? ` (+ ${placed.documents.map(({ format }) => format).join(', ')})` : '';
  const mark = failing || unrendered !== undefined ? '✖' : '✔';
  const checked = analysis ? `: ${describeChecked(analysis)}` : '';
  const note = unrendered !== undefined ? ` (not rendered: ${unrendered})` : failing ? ` (cspm-report check ${terminalText(placed.envelope)} lists them)` : '';
  return `${mark} ${terminalText(describeTarget(placed.target))} → ${terminalText(placed.envelope)}${documents}${checked}${note}`;
}

function summaryLine(reports: number, tally: { unlisted: number; failed: number; failing: number }, options: FetchManyOptions): string {
  const into = options.place.outDir === undefined ? '' : ` into ${terminalText(options.place.outDir)}`;
  const parts = [`saved ${reports - tally.failed} of ${plural(reports, 'report')}${into}`];
  if (tally.failed > 0) parts.push(`${tally.failed} failed`);
  if (tally.unlisted > 0) parts.push(`${plural(tally.unlisted, 'account')} whose benchmarks could not be listed`);
  if (tally.failing > 0) parts.push(`${tally.failing} with findings at or above ${options.failOn}${options.place.formats.length > 0 ? ' or not rendered' : ''}`);
  return parts.join('; ');
}
