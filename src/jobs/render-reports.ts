import { exitCodes } from '../error/exit-codes.js';
import type { ReportInput } from '../load/load-reports.js';
import type { Analysis } from '../model/analysis.js';
import type { DocumentPlan, RenderDocumentsOptions, UnrenderedDocument } from '../model/renderer.js';
import type { Verdict } from '../model/verdict.js';
import { renderDocuments } from '../render/render-documents.js';
import { analyseInputs, type AnalyseInputsOptions } from './analyse-inputs.js';
import { failed, passed } from './verdicts.js';

/** Options of {@link renderReports}: what to check, and what documents to make. */
export interface RenderReportsOptions extends AnalyseInputsOptions, RenderDocumentsOptions {}

/** The documents of a run, planned, and the verdict. */
export interface RenderReportsResult {
  analysis: Analysis;
  /** Every document, ready to render (each output renders when asked) or not rendered and why. */
  plan: DocumentPlan;
  verdict: Verdict;
}

/**
 * Checks reports and plans their documents: one per input, or one of all inputs with
 * `combine`. Nothing is rendered until an output's `render()` is called. The verdict
 * fails (exit code 1) when a document is refused: its inputs hold no valid report, or
 * errors under `strict`. An input that holds no report at all (a JSON file of something
 * else in a folder) is skipped, which is no failure.
 */
export async function renderReports(input: ReportInput | readonly ReportInput[], options: RenderReportsOptions): Promise<RenderReportsResult> {
  const analysis = await analyseInputs(input, { ...options, placeFindings: false });
  const plan = renderDocuments(analysis, options);
  const refused = plan.documents.filter((document): document is UnrenderedDocument => document.status === 'refused');
  const verdict = refused.length === 0 ? passed() : failed(exitCodes.findings, ...refused.map((document) => `${document.sources.join(', ')}: ${document.message}`));
  return { analysis, plan, verdict };
}
