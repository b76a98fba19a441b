import { exitCodes } from '../error/exit-codes.js';
import type { ReportInput } from '../load/load-reports.js';
import type { PlannedDocument, RenderOptions } from '../model/renderer.js';
import type { Verdict } from '../model/verdict.js';
import type { ReportView } from '../model/view-model.js';
import { buildViewModel, fileName } from '../render/build-view-model.js';
import { provenanceOf, type ExceptionsProvenance } from '../render/policy-acceptance.js';
import { scanKey } from '../render/parquet/hive-partition.js';
import { renderDocuments } from '../render/render-documents.js';
import { analyseInputs, type AnalyseInputsOptions } from './analyse-inputs.js';
import type { AcceptedRisks } from '../model/exceptions.js';
import { acceptedRisksOf, runExceptionsOf, type ExceptionsOptions } from './exceptions/run-exceptions.js';
import { OutcomesAcrossInputs } from './exceptions/merge-outcomes.js';
import { failedFor, passed } from './verdicts.js';

/**
 * Options of a run that writes reports' rows input by input: what to check, and which policies are written
 * (`policies`, `showPaths`).
 */
export interface WriteReportsOptions
  extends AnalyseInputsOptions, ExceptionsOptions, Pick<RenderOptions, 'policies' | 'showPaths'> {
  /** Leave out an input whose reports have errors (default false: it is written, as render renders it). */
  strict?: boolean;
  /** Told of each input as it is done, in input order: written, skipped or refused, with its analysis. */
  onDocument?: (document: PlannedDocument) => void;
}

/** What a run wrote so far, and what it did not write and why. */
export interface WriteTally {
  /** Inputs, reports and policies written. */
  summary: { files: number; reports: number; policies: number };
  /** An input refused (no valid report; errors under `strict`), said in a line. */
  refused: string[];
  /** Each report not written because its scan was written already: where it is, and where the scan was written from. */
  repeated: string[];
  /**
   * What the run's exceptions did over the inputs written, each input judged on its own
   * and their outcomes merged, once every input was read; only when the run was given exceptions.
   */
  exceptions?: AcceptedRisks;
}

/** A tally of nothing written yet. */
export function newTally(): WriteTally {
  return { summary: { files: 0, reports: 0, policies: 0 }, refused: [], repeated: [] };
}

/** The verdict of a run: failed (exit code 1) when an input was refused or a report repeated a scan. */
export function tallyVerdict(tally: WriteTally): Verdict {
  const failures = [...tally.refused, ...tally.repeated];
  return failures.length === 0 ? passed() : failedFor(exitCodes.findings, failures);
}

/**
 * What a file written over the inputs records of the run's exceptions: each file (its
 * name, or its path with `showPaths`, as the rows name their inputs), its SHA-256 and
 * ids, and the ids applied in any input; undefined for a run without exceptions.
 */
export function writtenProvenance(tally: WriteTally, options: WriteReportsOptions): ExceptionsProvenance | undefined {
  if (tally.exceptions === undefined) return undefined;
  return provenanceOf(tally.exceptions, options.showPaths === true ? (path) => path : fileName);
}

/**
 * The reports of the inputs to write, one input at a time: each is loaded, checked and
 * analysed on its own and let go before the next is read, so a fleet of any number of
 * files takes the memory of one. An input is skipped or refused as render skips or
 * refuses its document (no report; no valid report; errors under `strict`). A report of
 * a scan already given (the same job, account and benchmark, from another input or twice
 * in one) is not given again: written twice, SQL would count each of its policies twice.
 * The other rules across inputs do not run: each input is checked alone. Exceptions are
 * judged on each input too, and their outcomes merged (see OutcomesAcrossInputs): each
 * report comes with its accepted policies.
 *
 * @throws CspmError for an input that cannot be read, as analyseInputs does
 */
export async function* reportsToWrite(
  inputs: readonly ReportInput[],
  options: WriteReportsOptions,
  tally: WriteTally,
): AsyncGenerator<ReportView> {
  // Each scan's first place.
  const written = new Map<string, string>();
  const viewOptions = {
    ...(options.policies === undefined ? {} : { policies: options.policies }),
    ...(options.showPaths === undefined ? {} : { showPaths: options.showPaths }),
  };
  // Read before the inputs, and every input judged on one day: a run across midnight judges them alike.
  const run = runExceptionsOf(options);
  const judging = { ...options, today: options.today ?? new Date() };
  const across = new OutcomesAcrossInputs();
  let judged: AcceptedRisks | undefined;
  for (const [index, item] of inputs.entries()) {
    const analysis = await analyseInputs(item, { ...options, placeFindings: false });
    const [document] = renderDocuments(analysis, { formats: [], combine: true, strict: options.strict ?? false })
      .documents as [PlannedDocument];
    if (document.status === 'ready') {
      const risks = run === undefined ? undefined : acceptedRisksOf(analysis, run, judging);
      if (risks !== undefined) {
        across.add(risks.outcomes);
        judged = risks;
      }
      const view = buildViewModel(analysis, {
        ...viewOptions,
        ...(risks === undefined ? {} : { acceptedRisks: risks }),
      });
      for (const report of view.reports) {
        const key = scanKey(report);
        const at = report.pointer === '' ? report.sourcePath : `${report.sourcePath}#${report.pointer}`;
        const first = written.get(key);
        if (first !== undefined) {
          tally.repeated.push(
            `${at}: ${report.benchmarkId} of account ${report.accountId} (job ${report.jobId}) was written from ${first}; not written twice`,
          );
          continue;
        }
        written.set(key, at);
        yield report;
        tally.summary.reports += 1;
        tally.summary.policies += report.figures.total;
      }
      tally.summary.files += 1;
    } else if (document.status === 'refused') tally.refused.push(`${document.sources.join(', ')}: ${document.message}`);
    options.onDocument?.(document);
    options.onProgress?.({ phase: 'reading', done: index + 1, total: inputs.length, unit: 'files' });
  }
  // Once every input was judged: their outcomes merged, what the files written record.
  if (judged !== undefined) tally.exceptions = { ...judged, outcomes: across.outcomes() };
}
