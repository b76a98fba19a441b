import type { CspmClient } from '../../client/create-client.js';
import { assertSafeOutputs } from '../output-guard.js';
import {
  fetchReport,
  fetchReports,
  type FetchedReport,
  type FetchFailure,
  type FetchManyOptions,
  type FetchManyResult,
  type FetchReportsOptions,
  type FetchTarget,
} from '../fetch-reports.js';
import { placeReport, plannedFiles, type PlacedReport, type ReportPlace } from './place-reports.js';
import { saveReport, type ReportWriter, type SavedReport } from './save-report.js';

/** Where the fetched reports go, and what they must never be written over. */
export interface ReportFilesOptions {
  /** The envelope's file or the folder of every report, and the documents rendered beside each. */
  place: ReportPlace;
  /** Writes each file; see {@link ReportWriter}. */
  write: ReportWriter;
  /** Files the run reads (an accounts file, secret files), never to be written over. */
  readFiles?: readonly string[];
}

/** Options of {@link fetchAccount}. */
export interface FetchAccountOptions extends FetchReportsOptions, ReportFilesOptions {
  /** Given the files planned, before the report is fetched: a writer may refuse them then (a link in the way). */
  beforeFetch?: (files: readonly { path: string; root?: string }[]) => Promise<void>;
}

/** One report fetched, checked and saved. */
export interface FetchedAccount {
  fetched: FetchedReport;
  saved: SavedReport;
}

/**
 * Fetches one audit summary, checks it, and saves its envelope and documents where
 * `place` puts them. Every file is planned and checked against the files the run reads
 * before the report is fetched; the service's errors and the writer's reject.
 *
 * @throws CspmError `output-is-input` for a file planned over one the run reads
 */
export async function fetchAccount(
  client: CspmClient,
  target: FetchTarget,
  options: FetchAccountOptions,
): Promise<FetchedAccount> {
  const { place, write, readFiles, beforeFetch, ...fetchOptions } = options;
  const placed = placeReport(target, place);
  const files = plannedFiles([placed]);
  assertSafeOutputs(files, readFiles ?? []);
  await beforeFetch?.(files.map(({ path }) => ({ path, ...(placed.root === undefined ? {} : { root: placed.root }) })));
  const fetched = await fetchReport(client, target, { ...fetchOptions, formats: place.formats, name: placed.name });
  return { fetched, saved: await saveReport(placed, fetched, write) };
}

/** Options of {@link fetchAccounts}. */
export interface FetchAccountsOptions
  extends Omit<FetchManyOptions, 'keep' | 'prepare' | 'nameOf' | 'formats'>, ReportFilesOptions {
  /** Told of each report once saved, before the progress that counts it. */
  onSaved?: (saved: SavedReport) => void;
}

/** What a run over many accounts did. */
export interface FetchAccountsResult extends FetchManyResult {
  /** Targets asking for every benchmark whose benchmarks could not be listed: counted in `failures`, not in `asked`. */
  unlisted: number;
}

/**
 * Fetches many reports with {@link fetchReports}, saving each where `place` puts it as
 * it comes. Every file is planned and checked against the files the run reads and each
 * other before the first report is fetched. A failure (the service's answer, a timeout,
 * an unwritable file) is told to `onFailure`, and the others go on. The fetches are the
 * run's progress (`onProgress`), not the check of each report as it comes.
 *
 * @returns the run's tally and verdict: a pass when every report was saved (and checked
 *          clean); a failure when any failed, has findings at or above `failOn`, or
 *          nothing was fetched
 * @throws CspmError `output-is-input` or `output-collision` for the planned files, before any fetch
 */
export async function fetchAccounts(
  client: CspmClient,
  targets: readonly FetchTarget[],
  options: FetchAccountsOptions,
): Promise<FetchAccountsResult> {
  const { onProgress, place, write, readFiles, onSaved, onFailure, ...fetchOptions } = options;
  const tally = { unlisted: 0, failed: 0, done: 0 };
  const placed = new Map<FetchTarget, PlacedReport>();
  const show = (): void =>
    onProgress?.({
      phase: 'fetching',
      done: tally.done,
      total: placed.size,
      unit: `reports${tally.failed > 0 ? `, ${tally.failed} failed` : ''}`,
    });
  const failure = (failed: FetchFailure): void => {
    // Before the reports are placed, a failure is a listing's.
    if (placed.size === 0) tally.unlisted += 1;
    else {
      tally.failed += 1;
      tally.done += 1;
    }
    onFailure?.(failed);
    if (placed.size > 0) show();
  };
  const result = await fetchReports(client, targets, {
    ...fetchOptions,
    formats: place.formats,
    onFailure: failure,
    prepare(expanded) {
      for (const target of expanded) placed.set(target, placeReport(target, place));
      assertSafeOutputs(plannedFiles([...placed.values()]), readFiles ?? []);
      show();
    },
    nameOf: (target) => (placed.get(target) as PlacedReport).name,
    async keep(fetched) {
      const saved = await saveReport(placed.get(fetched.target) as PlacedReport, fetched, write);
      tally.done += 1;
      onSaved?.(saved);
      show();
    },
  });
  return { ...result, unlisted: tally.unlisted };
}
