import { type Analysis, type CheckOptions, checkReports, type CspmClient, type DocumentFormat, type FailOn } from '../../index.js';
import { plural, renderDocuments } from '../../internal.js';
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
}

/** What became of one report: saved (with its analysis when checked) or why not. */
export interface FetchedReport {
  placed: PlacedReport;
  /** The check of the saved report; absent with --no-check and no document. */
  analysis?: Analysis;
  /** True when the check found something at or above --fail-on. */
  failing: boolean;
  /** Documents not rendered, with the reason (no valid report in the envelope). */
  unrendered?: string;
}

/** What fetching needs beside the report's place. */
export interface FetchReportOptions {
  client: CspmClient;
  check: boolean;
  failOn: FailOn;
  checkOptions: CheckOptions;
  io: Parameters<typeof writeOutput>[2];
}

/**
 * Fetches one audit summary, saves it atomically, checks it and renders its documents.
 * Nothing of it stays in memory afterwards but the analysis's figures, so that a run
 * over many accounts holds at most a few envelopes per slot of its concurrency.
 *
 * @throws CspmError from the service or from writing; the caller reports it.
 */
export async function fetchReport(placed: PlacedReport, options: FetchReportOptions): Promise<FetchedReport> {
  return saveReport(placed, await options.client.getAuditSummary(placed.target), options);
}

/** Saves a fetched envelope, then checks and renders it: the part of {@link fetchReport} after the request. */
export async function saveReport(placed: PlacedReport, envelope: unknown, options: Omit<FetchReportOptions, 'client'>): Promise<FetchedReport> {
  await writeOutput(placed.envelope, `${JSON.stringify(envelope, null, 2)}\n`, options.io);
  if (!options.check && placed.documents.length === 0) return { placed, failing: false };
  const { analysis, verdict } = await checkReports({ value: envelope, name: placed.name }, { ...options.checkOptions, failOn: options.failOn });
  const failing = options.check && verdict.status === 'fail';
  if (placed.documents.length === 0) return { placed, analysis, failing };
  const [document] = renderDocuments(analysis, { formats: placed.documents.map(({ format }) => format), combine: true }).documents;
  if (document === undefined || document.status !== 'ready') {
    return { placed, analysis, failing, unrendered: document?.message ?? 'nothing to render' };
  }
  for (const [index, output] of document.outputs.entries()) {
    await writeOutput((placed.documents[index] as { path: string }).path, await output.render(), options.io);
  }
  return { placed, analysis, failing };
}

/** The figures of a checked report in words: `127 policies, 2 errors, 1 warning`. */
export function describeChecked(analysis: Analysis): string {
  const { policies, errors, warnings } = analysis.summary;
  const findings = errors + warnings === 0 ? 'no findings' : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  return `${plural(policies, 'policy', 'policies')}, ${findings}`;
}
