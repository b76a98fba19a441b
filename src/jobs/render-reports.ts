import { exitCodes } from '../error/exit-codes.js';
import type { ReportInput } from '../load/load-reports.js';
import type { Analysis } from '../model/analysis.js';
import type { DocumentPlan, RenderDocumentsOptions, UnrenderedDocument } from '../model/renderer.js';
import type { Verdict } from '../model/verdict.js';
import { renderDocuments, renderFleetDocument } from '../render/render-documents.js';
import { closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import { CspmError, isCspmError } from '../error/cspm-error.js';
import { fleetFiguresFromJson } from '../analyse/fleet/fleet-json.js';
import { syntaxErrorText } from '../load/syntax-error-text.js';
import { readSmallText } from '../load/read-small-text.js';
import { maxTextBytes } from '../load/read-text-file.js';
import { analyseInputs, type AnalyseInputsOptions } from './analyse-inputs.js';
import { analyseFleet } from './analyse-files.js';
import { isFleetFormat } from '../render/fleet/fleet-renderers.js';
import { tierOf } from '../render/fleet/fleet-tier.js';
import { failedFor, passed } from './verdicts.js';
import { fleetFiguresMarker } from './fleet-figures-file.js';
import { acceptedRisksOf, runExceptionsOf, type ExceptionsOptions } from './exceptions/run-exceptions.js';
import type { RunExceptions } from './exceptions/read-exceptions.js';
import type { AcceptedRisks } from '../model/exceptions.js';

/** Options of {@link renderReports}: what to check, and what documents to make. */
export interface RenderReportsOptions extends AnalyseInputsOptions, RenderDocumentsOptions, ExceptionsOptions {
  /** Files analysed at once for a fleet document (see analyseFiles); the documents are the same for any number. */
  jobs?: number;
}

/** The documents of a run, planned, and the verdict. */
export interface RenderReportsResult {
  analysis: Analysis;
  /** What the run's exceptions did, when it was given any: every document shows it. */
  exceptions?: AcceptedRisks;
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
export async function renderReports(
  input: ReportInput | readonly ReportInput[],
  options: RenderReportsOptions,
): Promise<RenderReportsResult> {
  // Before the inputs: an exceptions file that does not check fails the run, never reads as none.
  const run = runExceptionsOf(options);
  if (run !== undefined) return wholePlan(input, options, run);
  const { analysis, plan } =
    figuresFilePlan(input, options) ?? (await fleetPlan(input, options)) ?? (await wholePlan(input, options));
  return { analysis, plan, verdict: planVerdict(plan) };
}

/** The verdict of a plan: it fails (exit code 1) when a document is refused. */
function planVerdict(plan: DocumentPlan): Verdict {
  const refused = plan.documents.filter((document): document is UnrenderedDocument => document.status === 'refused');
  return refused.length === 0
    ? passed()
    : failedFor(
        exitCodes.findings,
        refused.map((document) => `${document.sources.join(', ')}: ${document.message}`),
      );
}

/**
 * Every input analysed whole, then planned. A run with exceptions is always planned so: its
 * exceptions are judged on every policy, which a fleet document built from figures alone
 * (and a file of fleet figures) no longer holds.
 */
async function wholePlan(
  input: ReportInput | readonly ReportInput[],
  options: RenderReportsOptions,
  run?: RunExceptions,
): Promise<RenderReportsResult> {
  if (run !== undefined) refuseFiguresFile(input);
  const analysis = await analyseInputs(input, { ...options, placeFindings: false });
  const exceptions = run === undefined ? undefined : acceptedRisksOf(analysis, run, options);
  const plan = renderDocuments(analysis, {
    ...options,
    ...(exceptions === undefined ? {} : { acceptedRisks: exceptions }),
  });
  return { analysis, ...(exceptions === undefined ? {} : { exceptions }), plan, verdict: planVerdict(plan) };
}

/** Refuses a file of fleet figures with exceptions: figures hold no policy an exception could be judged on. */
function refuseFiguresFile(input: ReportInput | readonly ReportInput[]): void {
  const inputs = Array.isArray(input) ? input : [input as ReportInput];
  const only = inputs.length === 1 ? inputs[0] : undefined;
  if (typeof only === 'string' && startsWith(only, fleetFiguresMarker))
    throw new CspmError(
      'usage',
      `${only} holds fleet figures, on which no exception can be judged (they hold no policy): render the reports with --exceptions, or the figures without`,
      { data: { option: 'exceptions', path: only } },
    );
}

/**
 * One fleet document of many files, built from figures: each file is analysed on its
 * own (on worker threads) and its fleet figures made before its policies are let go,
 * so a fleet of any size renders in the memory of its figures. Only when every format
 * is one the fleet tier draws (HTML, PDF, XLSX) and the tier is fleet, or not given and
 * the inputs hold more than fleetAccountThreshold accounts; undefined otherwise (a
 * smaller set of files is then analysed again, whole, for the full tier).
 */
async function fleetPlan(
  input: ReportInput | readonly ReportInput[],
  options: RenderReportsOptions,
): Promise<{ analysis: Analysis; plan: DocumentPlan } | undefined> {
  if (
    options.combine !== true ||
    !options.formats.every(isFleetFormat) ||
    (options.tier !== undefined && options.tier !== 'fleet')
  )
    return undefined;
  // Only files and folders, which can be read again: standard input is read once, whole.
  const inputs = Array.isArray(input) ? input : [input as ReportInput];
  if (!inputs.every((item) => typeof item === 'string' || 'path' in item)) return undefined;
  const { analysis, fleet } = await analyseFleet(input, { ...options, placeFindings: false });
  if (tierOf(analysis, options.tier) !== 'fleet') return undefined;
  return { analysis, plan: renderDocuments(analysis, { ...options, tier: 'fleet' }, fleet) };
}

/**
 * The plan of a file of fleet figures, which a merge of a sharded run wrote (`merge
 * --fleet FILE`): one fleet document drawn from them. Undefined for any other input,
 * which is told by its first bytes, so that no report is read twice.
 */
function figuresFilePlan(
  input: ReportInput | readonly ReportInput[],
  options: RenderReportsOptions,
): { analysis: Analysis; plan: DocumentPlan } | undefined {
  const inputs = Array.isArray(input) ? input : [input as ReportInput];
  const only = inputs.length === 1 ? inputs[0] : undefined;
  const path = typeof only === 'string' ? only : undefined;
  if (path === undefined || !startsWith(path, fleetFiguresMarker)) return undefined;
  const text = readSmallText(path, maxTextBytes, path, 'a fleet figures file');
  let fleet;
  try {
    fleet = fleetFiguresFromJson(JSON.parse(text));
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new CspmError('fleet-figures-invalid', `${path}: ${syntaxErrorText(text, error)}`, {
        data: { pointer: '' },
      });
    if (isCspmError(error))
      throw new CspmError(
        'fleet-figures-invalid',
        `${path}: ${error.message.replace(/^invalid fleet figures: /, '')}`,
        { data: error.data as { pointer: string } },
      );
    throw error;
  }
  const plan = renderFleetDocument(fleet, path, options);
  return { analysis: (plan.documents[0] as { analysis: Analysis }).analysis, plan };
}

/** True when the regular file at `path` starts with `prefix` (a folder, a pipe or a missing file does not). */
function startsWith(path: string, prefix: string): boolean {
  let fd: number | undefined;
  try {
    if (!statSync(path).isFile()) return false;
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const head = Buffer.alloc(prefix.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read).toString('utf8') === prefix;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
