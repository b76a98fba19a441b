import { exitCodes } from '../error/exit-codes.js';
import { expandInputs, type ReportInput } from '../load/load-reports.js';
import type { PlannedDocument, RenderOptions } from '../model/renderer.js';
import type { Verdict } from '../model/verdict.js';
import { buildViewModel } from '../render/build-view-model.js';
import { scanKey } from '../render/parquet/hive-partition.js';
import type { DatasetPart, DatasetSink } from '../render/parquet/dataset-writer.js';
import { renderDocuments } from '../render/render-documents.js';
import { analyseInputs, type AnalyseInputsOptions } from './analyse-inputs.js';
import { failedFor, passed } from './verdicts.js';

/** Options of {@link renderDataset}: what to check, and which policies the `policies` table gets (`policies`, `showPaths`). */
export interface RenderDatasetOptions extends AnalyseInputsOptions, Pick<RenderOptions, 'policies' | 'showPaths'> {
  /** Leave out an input whose reports have errors (default false: it is written, as render renders it). */
  strict?: boolean;
  /** Told of each input as it is done, in input order: written, skipped or refused, with its analysis. */
  onDocument?: (document: PlannedDocument) => void;
}

/** What a dataset run wrote, and its verdict. */
export interface RenderDatasetResult<Part> {
  /** Every part written, with the name it is to have: the caller puts it in place. */
  parts: DatasetPart<Part>[];
  /** Inputs, reports and policies written. */
  summary: { files: number; reports: number; policies: number };
  /** Each report not written because its scan was written already, said in a line: where it is, and where the scan was written from. */
  repeated: string[];
  verdict: Verdict;
}

/**
 * Writes reports as a Hive-style Parquet dataset (`policies/` and `figures/`, one
 * folder per scan date and benchmark): each input is loaded, checked and analysed on
 * its own, its rows added to its partitions' parts, and let go before the next is read,
 * so a fleet of any number of files is written in the memory of one file and one row
 * group per open part. An input is skipped or refused as render skips or refuses its
 * document (no report; no valid report; errors under `strict`); a refusal fails the
 * verdict (exit code 1) and the other inputs are still written. A report of a scan
 * already written (the same job, account and benchmark, from another input or twice in
 * one) is not written again, and fails the verdict too; the other rules across inputs
 * do not run: each input is checked alone.
 *
 * @throws CspmError for an input that cannot be read, as analyseInputs does
 */
export async function renderDataset<Part>(input: ReportInput | readonly ReportInput[], options: RenderDatasetOptions, sink: DatasetSink<Part>): Promise<RenderDatasetResult<Part>> {
  const inputs = await expandInputs(Array.isArray(input) ? input : [input as ReportInput], options.onSkip);
  // Imported when a dataset is written: the Parquet writer stays out of every other run's start-up.
  const { DatasetWriter } = await import('../render/parquet/dataset-writer.js');
  const writer = new DatasetWriter(sink);
  const summary = { files: 0, reports: 0, policies: 0 };
  const refused: string[] = [];
  const repeated: string[] = [];
  // Each scan's first input: a report given again (a copy in another folder) would count every policy twice in SQL.
  const written = new Map<string, string>();
  const viewOptions = { ...(options.policies === undefined ? {} : { policies: options.policies }), ...(options.showPaths === undefined ? {} : { showPaths: options.showPaths }) };
  for (const [index, item] of inputs.entries()) {
    const analysis = await analyseInputs(item, { ...options, placeFindings: false });
    const [document] = renderDocuments(analysis, { formats: [], combine: true, strict: options.strict ?? false }).documents as [PlannedDocument];
    if (document.status === 'ready') {
      let reports = 0;
      for (const report of buildViewModel(analysis, viewOptions).reports) {
        const key = scanKey(report);
        const at = report.pointer === '' ? report.sourcePath : `${report.sourcePath}#${report.pointer}`;
        const first = written.get(key);
        if (first !== undefined) {
          repeated.push(`${at}: ${report.benchmarkId} of account ${report.accountId} (job ${report.jobId}) was written from ${first}; not written twice`);
          continue;
        }
        written.set(key, at);
        await writer.addReport(report);
        reports += 1;
        summary.policies += report.figures.total;
      }
      summary.files += 1;
      summary.reports += reports;
    } else if (document.status === 'refused') refused.push(`${document.sources.join(', ')}: ${document.message}`);
    options.onDocument?.(document);
    options.onProgress?.({ phase: 'reading', done: index + 1, total: inputs.length, unit: 'files' });
  }
  const parts = await writer.finish();
  const failures = [...refused, ...repeated];
  return { parts, summary, repeated, verdict: failures.length === 0 ? passed() : failedFor(exitCodes.findings, failures) };
}
