import type { CspmClient } from '../../client/create-client.js';
import { formatCheckText } from '../../render/findings/text-format.js';
import type { DocumentFormat } from '../../model/renderer.js';
import { exceptionNotes } from '../exceptions/exception-notes.js';
import type { FetchedReport, FetchReportsOptions, FetchTarget } from '../fetch-reports.js';
import { isStandardOutput } from '../outputs/standard-output.js';
import { fetchAccount, fetchAccounts, type FetchAccountsOptions, type FetchAccountsResult } from './fetch-accounts.js';
import { fetchPlanOf, type FetchRequest } from './fetch-plan.js';
import type { ReportPlace } from './place-reports.js';
import type { ReportWriter, SavedReport } from './save-report.js';

/** Options of {@link fetchAsked}: the service's client, how each report is checked, and how its files are written. */
export interface FetchAskedOptions
  extends Omit<FetchReportsOptions, 'formats'>, Pick<FetchAccountsOptions, 'onFailure' | 'onRepeat' | 'onSaved'> {
  client: CspmClient;
  /** Writes each file: the envelope, and the documents rendered beside it. */
  write: ReportWriter;
  /** One report only: given its files before it is fetched, and may refuse them (a link in the way). */
  beforeFetch?: (files: readonly { path: string; root?: string }[]) => Promise<void>;
}

/** The findings of one fetched report as `check` lists them, for the stream the envelope leaves free. */
export interface FetchedFindings {
  /** True when the envelope went to standard output: the findings then go to standard error. */
  onStandardError: boolean;
  /** The findings as text, with ANSI colours or without. */
  text(color: boolean): string;
}

/** What {@link fetchAsked} did: one report saved, or many (see fetchAccounts). */
export type FetchAskedResult =
  | { many: true; place: ReportPlace; result: FetchAccountsResult }
  | {
      many: false;
      fetched: FetchedReport;
      saved: SavedReport;
      /** With the check on, the report's findings. */
      findings?: FetchedFindings;
      /** What the run's exceptions tell, expired first (see exceptionNotes). */
      notes: string[];
    };

/**
 * Fetches what a request asks (see fetchPlanOf): one report, checked and saved with its
 * documents, or many into a folder. The request is checked before anything else:
 * `prepare` makes the client and the options only then (the client reads the secrets).
 *
 * @throws CspmError `usage` naming an option, and as fetchAccount does for one report
 */
export async function fetchAsked(
  request: FetchRequest & { format: readonly DocumentFormat[] | undefined },
  prepare: () => Promise<FetchAskedOptions>,
): Promise<FetchAskedResult> {
  const { targets, many, readFiles } = await fetchPlanOf(request);
  const { client, beforeFetch, onFailure, onRepeat, onSaved, ...checkOptions } = await prepare();
  // Every name of standard output (/dev/stdout…) is `-` to the job: the envelope is written through the stream.
  const output = request.output !== undefined && isStandardOutput(request.output) ? '-' : request.output;
  const place = { output, outDir: request['out-dir'], formats: [...new Set(request.format ?? [])] };
  if (many) {
    const result = await fetchAccounts(client, targets, {
      ...checkOptions,
      place,
      concurrency: request.concurrency,
      readFiles,
      ...(onFailure === undefined ? {} : { onFailure }),
      ...(onRepeat === undefined ? {} : { onRepeat }),
      ...(onSaved === undefined ? {} : { onSaved }),
    });
    return { many: true, place, result };
  }
  const { fetched, saved } = await fetchAccount(client, targets[0] as FetchTarget, {
    ...checkOptions,
    place,
    readFiles,
    ...(beforeFetch === undefined ? {} : { beforeFetch }),
  });
  const findings =
    checkOptions.check === false
      ? undefined
      : {
          onStandardError: saved.placed.envelope === '-',
          text: (color: boolean) => formatCheckText(saved.analysis, { color, verdict: fetched.verdict }),
        };
  return {
    many: false,
    fetched,
    saved,
    ...(findings === undefined ? {} : { findings }),
    notes: exceptionNotes(fetched.exceptions),
  };
}
