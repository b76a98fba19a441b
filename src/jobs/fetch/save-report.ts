import type { Analysis } from '../../model/analysis.js';
import type { RenderedBody } from '../../model/renderer.js';
import type { FetchedReport } from '../fetch-reports.js';
import type { PlacedReport } from './place-reports.js';

/**
 * How a job writes a file it placed: the caller's writer, which owns the file system
 * (the command line writes each file atomically, and `-` to standard output).
 *
 * @param path the file, or `-` for standard output
 * @param root the output folder the file goes under, below which nothing is written through a link
 */
export type ReportWriter = (path: string, body: string | RenderedBody, root?: string) => Promise<void>;

/** What became of one saved report. */
export interface SavedReport {
  placed: PlacedReport;
  analysis: Analysis;
  /** True when its check failed (findings at or above `failOn`, or no valid report). */
  failing: boolean;
  /** Documents not rendered, with the reason (no valid report in the envelope). */
  unrendered?: string;
}

/**
 * Saves a fetched envelope and renders its documents, each through `write`. Nothing of
 * it stays in memory afterwards but the analysis's figures, so that a run over many
 * accounts holds at most a few envelopes per slot of its concurrency.
 *
 * @throws what `write` throws; the caller reports it
 */
export async function saveReport(
  placed: PlacedReport,
  fetched: FetchedReport,
  write: ReportWriter,
): Promise<SavedReport> {
  await write(placed.envelope, `${JSON.stringify(fetched.envelope, null, 2)}\n`, placed.root);
  const { analysis, document } = fetched;
  const failing = fetched.verdict.status === 'fail';
  if (document === undefined) return { placed, analysis, failing };
  if (document.status !== 'ready') return { placed, analysis, failing, unrendered: document.message };
  for (const [index, output] of document.outputs.entries()) {
    await write((placed.documents[index] as { path: string }).path, await output.render(), placed.root);
  }
  return { placed, analysis, failing };
}
