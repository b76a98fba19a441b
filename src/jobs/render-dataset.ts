import { exitCodes } from '../error/exit-codes.js';
import { expandInputs, type ReportInput } from '../load/load-reports.js';
import type { PlannedDocument, RenderOptions } from '../model/renderer.js';
import type { Verdict } from '../model/verdict.js';
import { buildViewModel } from '../render/build-view-model.js';
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
  verdict: Verdict;
}

/**
 * Writes reports as a Hive-style Parquet dataset (`policies/` and `figures/`, one
 * folder per scan date and benchmark): each input is loaded, checked and analysed on
 * its own, its rows added to its partitions' parts, and let go before the next is read,
 * so a fleet of any number of files is written in the memory of one file and one row
 * group per open part. An input is skipped or refused as render skips or refuses its
 * document (no report; no valid report; errors under `strict`); a refusal fails the
 * verdict (exit code 1) and the other inputs are still written. The rules across inputs
 * (a report given twice) do not run: each input is checked alone.
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
  const viewOptions = { ...(options.policies === undefined ? {} : { policies: options.policies }), ...(options.showPaths === undefined ? {} : { showPaths: options.showPaths }) };
  for (const [index, item] of inputs.entries()) {
    const analysis = await analyseInputs(item, { ...options, placeFindings: false });
    const [document] = renderDocuments(analysis, { formats: [], combine: true, strict: options.strict ?? false }).documents as [PlannedDocument];
    if (document.status === 'ready') {
      for (const report of buildViewModel(analysis, viewOptions).reports) await writer.addReport(report);
      summary.files += 1;
      summary.reports += analysis.summary.reports;
      summary.policies += analysis.summary.policies;
    } else if (document.status === 'refused') refused.push(`${document.sources.join(', ')}: ${document.message}`);
    options.onDocument?.(document);
    options.onProgress?.({ phase: 'reading', done: index + 1, total: inputs.length, unit: 'files' });
  }
  const parts = await writer.finish();
  return { parts, summary, verdict: refused.length === 0 ? passed() : failedFor(exitCodes.findings, refused) };
}
