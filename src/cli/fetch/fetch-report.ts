import type { Analysis, DocumentFormat, FetchedReport } from '../../index.js';
import { plural } from '../../internal.js';
import type { CliIo } from '../cli-io.js';
import { writeOutput } from '../write-output.js';
import type { FetchTarget } from './fetch-target.js';

/** Where one fetched report goes: its envelope (a file or `-`) and each document. */
export interface PlacedReport {
  target: FetchTarget;
  /** The envelope's file, or `-` for standard output. */
  envelope: string;
  /** The name findings and documents give the report: the file, or the ids for standard output. */
  name: string;
  documents: { format: DocumentFormat; path: string }[];
  /** The --out-dir the files go under, below which no link is written through. */
  root?: string;
}

/** What became of one saved report. */
export interface SavedReport {
  placed: PlacedReport;
  analysis: Analysis;
  /** True when its check failed (findings at or above --fail-on, or no valid report). */
  failing: boolean;
  /** Documents not rendered, with the reason (no valid report in the envelope). */
  unrendered?: string;
}

/**
 * Saves a fetched envelope atomically and renders its documents. Nothing of it stays in
 * memory afterwards but the analysis's figures, so that a run over many accounts holds
 * at most a few envelopes per slot of its concurrency.
 *
 * @throws CspmError from writing; the caller reports it.
 */
export async function saveReport(placed: PlacedReport, fetched: FetchedReport, io: CliIo): Promise<SavedReport> {
  await writeOutput(placed.envelope, `${JSON.stringify(fetched.envelope, null, 2)}\n`, io, placed.root);
  const { analysis, document } = fetched;
  const failing = fetched.verdict.status === 'fail';
  if (document === undefined) return { placed, analysis, failing };
  if (document.status !== 'ready') return { placed, analysis, failing, unrendered: document.message };
  for (const [index, output] of document.outputs.entries()) {
    await writeOutput((placed.documents[index] as { path: string }).path, await output.render(), io, placed.root);
  }
  return { placed, analysis, failing };
}

/** The figures of a checked report in words: `127 policies, 2 errors, 1 warning`. */
export function describeChecked(analysis: Analysis): string {
  const { policies, errors, warnings } = analysis.summary;
  const findings = errors + warnings === 0 ? 'no findings' : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  return `${plural(policies, 'policy', 'policies')}, ${findings}`;
}
