import { expandInputs, type ReportInput } from '../load/load-reports.js';
import type { AcceptedRisks } from '../model/exceptions.js';
import type { Verdict } from '../model/verdict.js';
import type { DatasetPart, DatasetSink } from '../render/parquet/dataset-writer.js';
import {
  newTally,
  reportsToWrite,
  tallyVerdict,
  type WriteReportsOptions,
  type WriteTally,
  writtenProvenance,
} from './reports-to-write.js';

/**
 * Options of {@link renderDataset}: what to check, and which policies the `policies` table gets (`policies`,
 * `showPaths`).
 */
export type RenderDatasetOptions = WriteReportsOptions;

/** What a dataset run wrote, and its verdict. */
export interface RenderDatasetResult<Part> {
  /** Every part written, with the name it is to have: the caller puts it in place. */
  parts: DatasetPart<Part>[];
  /** Inputs, reports and policies written. */
  summary: WriteTally['summary'];
  /**
   * Each report not written because its scan was written already, said in a line: where it is, and where the scan was
   * written from.
   */
  repeated: string[];
  /** What the run's exceptions did over every input, each judged on its own; only when it was given exceptions. */
  exceptions?: AcceptedRisks;
  verdict: Verdict;
}

/**
 * Writes reports as a Hive-style Parquet dataset (`policies/` and `figures/`, one
 * folder per scan date and benchmark), input by input (see {@link reportsToWrite}), so a
 * fleet of any number of files is written in the memory of one file and one row group
 * per open part. A refused input or a repeated scan fails the verdict (exit code 1); the
 * other inputs are still written. Given exceptions, each policy row names the one that
 * accepts it, and every part records the exceptions files.
 *
 * @throws CspmError for an input that cannot be read, as analyseInputs does
 */
export async function renderDataset<Part>(
  input: ReportInput | readonly ReportInput[],
  options: RenderDatasetOptions,
  sink: DatasetSink<Part>,
): Promise<RenderDatasetResult<Part>> {
  const inputs = await expandInputs(Array.isArray(input) ? input : [input as ReportInput], options.onSkip);
  // Imported when a dataset is written: the Parquet writer stays out of every other run's start-up.
  const [{ DatasetWriter }, { exceptionsKeyValues }] = await Promise.all([
    import('../render/parquet/dataset-writer.js'),
    import('../render/parquet/exceptions-metadata.js'),
  ]);
  const writer = new DatasetWriter(sink);
  const tally = newTally();
  for await (const report of reportsToWrite(inputs, options, tally)) await writer.addReport(report);
  // Every part's footer, written last, records the exceptions applied in any input.
  const parts = await writer.finish(exceptionsKeyValues(writtenProvenance(tally, options)));
  const exceptions = tally.exceptions === undefined ? {} : { exceptions: tally.exceptions };
  return { parts, summary: tally.summary, repeated: tally.repeated, ...exceptions, verdict: tallyVerdict(tally) };
}
