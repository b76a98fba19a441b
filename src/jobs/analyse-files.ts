import { formatOf } from '../load/load-reports.js';
import { availableParallelism } from 'node:os';
import { checkAcrossInputs, summariseSources, type DocumentAnalysis } from '../analyse/analyse-reports.js';
import { assertRuleSettings, withNoValidReport } from '../model/fail-closed.js';
import { internFigures, type KeptPolicySelection } from '../analyse/keep-figures.js';
import { defaultPercentFormula } from '../analyse/percent-formulas.js';
import { expandInputs, type ReportInput } from '../load/load-reports.js';
import type { Analysis } from '../model/analysis.js';
import type { FleetFigures } from '../model/fleet.js';
import { createFleetFigures } from '../analyse/fleet/add-fleet-report.js';
import { addFleetFigures } from '../analyse/fleet/merge-fleet-figures.js';
import type { TextSource } from '../model/document.js';
import { analyseFile, type FileAnalysisOptions, type FileOutcome } from './analyse-file.js';
import type { AnalyseInputsOptions } from './analyse-inputs.js';
import { filesInFlight, FileWorker, workersAvailable } from './file-workers.js';
import { placeFindings } from './place-findings.js';

/** The options of a run over many files that a program sets: the loader's, the analysis's, and the threads. */
export interface FilesRunOptions extends AnalyseInputsOptions {
  /**
   * Files analysed at once, each on a worker thread (default: the machine's CPUs, for a
   * run of files enough to repay the threads' start, `workerRunFiles`); 1 analyses every
   * file on this thread.
   * The result is the same whatever the number.
   */
  jobs?: number;
}

/** Options of {@link analyseFiles}: a run's, and what the jobs that call it keep of each file. */
export interface AnalyseFilesOptions extends FilesRunOptions {
  /** The policies kept besides the figures (see keepFigures). */
  keep?: KeptPolicySelection;
  /** Also make the fleet figures of every file, joined in input order as `render --tier fleet` does. */
  fleet?: boolean;
  /**
   * Told of each file's outcome in input order as it comes in; what it returns is kept
   * instead: a caller that folds a part of each outcome into a total (fleet figures)
   * lets that part go at once, rather than holding it for every file to the end.
   */
  onOutcome?: (outcome: FileOutcome, index: number) => FileOutcome;
  /**
   * Awaited before each file is started: a caller that writes what onOutcome makes
   * holds the analysis back while its writer is behind, so that nothing piles up.
   */
  pace?: () => Promise<void>;
}

/**
 * Without `jobs`, the fewest files for which a run starts worker threads: each costs
 * some 50 ms to start, which a few files would not win back.
 */
export const workerRunFiles = 16;

/**
 * The analysis of many files that keeps their figures, not their reports: each file is
 * loaded, validated and analysed on its own, on up to `jobs` worker threads, and only
 * its figures, names, findings and the policies those point into are kept (see
 * keepFigures); then the rules across inputs run over all of them in input order. What
 * `check` and `gate` read: the run's memory grows by kilobytes a file, not by the
 * file's size, and its result is the same on one thread or many.
 *
 * @throws CspmError as analyseInputs does: for the first input, in input order, that cannot be read
 */
export async function analyseFiles(
  input: ReportInput | readonly ReportInput[],
  options: AnalyseFilesOptions = {},
): Promise<Analysis> {
  assertRuleSettings(options.severities);
  const inputs = await expandInputs(Array.isArray(input) ? input : [input as ReportInput], options.onSkip);
  return joinAnalyses(analysedOnly(await analyseEachInput(inputs, options)), options);
}

/**
 * {@link analyseFiles} with the fleet figures of every report (see addFleetReport),
 * made on the worker that holds a file's policies and joined in input order: what the
 * fleet tier renders, from a run that never holds more than one file's policies.
 */
export async function analyseFleet(
  input: ReportInput | readonly ReportInput[],
  options: AnalyseFilesOptions = {},
): Promise<{ analysis: Analysis; fleet: FleetFigures }> {
  assertRuleSettings(options.severities);
  const inputs = await expandInputs(Array.isArray(input) ? input : [input as ReportInput], options.onSkip);
  const fleet = createFleetFigures(options.percentFormula);
  const outcomes = await analyseEachInput(inputs, {
    ...options,
    fleet: true,
    onOutcome: (outcome) => {
      if (outcome.kind !== 'analysed' || outcome.fleet === undefined) return outcome;
      addFleetFigures(fleet, outcome.fleet);
      const rest = { ...outcome };
      delete rest.fleet;
      return rest;
    },
  });
  return { analysis: await joinAnalyses(analysedOnly(outcomes), options), fleet };
}

/** A file analysed on its own, with where its text can be had again. */
export interface AnalysedFile {
  document: DocumentAnalysis;
  textSource?: TextSource;
}

/**
 * Every input (files already listed: see expandInputs) analysed on its own, `jobs` at a
 * time, in input order: the first step of {@link analyseFiles}, and what a shard of a
 * run does with its part of the files.
 */
export async function analyseEachInput(
  inputs: readonly ReportInput[],
  options: AnalyseFilesOptions = {},
): Promise<FileOutcome[]> {
  assertRuleSettings(options.severities);
  const fileOptions: FileAnalysisOptions = {
    ...(options.severities === undefined ? {} : { severities: options.severities }),
    ...(options.percentFormula === undefined ? {} : { percentFormula: options.percentFormula }),
    ...(options.keep === undefined ? {} : { keep: options.keep }),
    ...(options.fleet === true ? { fleet: true } : {}),
    ...(options.placeFindings === false ? { placeFindings: false } : {}),
    ...formatOf(options),
  };
  return analyseInOrder(inputs, fileOptions, options);
}

/** The analysed files of outcomes, in order; skipped inputs were told of as they came. */
export function analysedOnly(outcomes: readonly FileOutcome[]): AnalysedFile[] {
  const files: AnalysedFile[] = [];
  for (const outcome of outcomes) {
    if (outcome.kind === 'analysed')
      files.push(
        outcome.textSource === undefined
          ? { document: outcome.document }
          : { document: outcome.document, textSource: outcome.textSource },
      );
  }
  return files;
}

/**
 * Files analysed apart joined into one run's analysis: the rules across inputs over all
 * of them in order, the run's counts, its own finding when no input holds a valid
 * report, then findings placed on lines (unless `placeFindings` is false). The last step
 * of {@link analyseFiles}, and of the merge of a sharded run.
 */
export async function joinAnalyses(
  files: readonly AnalysedFile[],
  options: AnalyseFilesOptions = {},
): Promise<Analysis> {
  options.onProgress?.({ phase: 'checking', done: files.length, total: files.length, unit: 'files' });
  const sources = checkAcrossInputs(
    files.map((file) => file.document),
    options,
  );
  const analysis = withNoValidReport({
    percentFormula: options.percentFormula ?? defaultPercentFormula,
    summary: summariseSources(sources),
    sources,
  });
  return options.placeFindings === false
    ? analysis
    : placeFindings(
        analysis,
        files.map((file) => file.textSource),
      );
}

/** How many worker threads a run of these inputs starts: 0 to analyse on this thread. */
function workerCount(inputs: readonly ReportInput[], jobs: number | undefined): number {
  const files = inputs.filter(isFile).length;
  const wanted = jobs ?? (files >= workerRunFiles ? availableParallelism() : 1);
  if (wanted <= 1 || files < 2 || !workersAvailable()) return 0;
  return Math.min(wanted, files);
}

function isFile(input: ReportInput): input is string | { path: string; listed?: boolean } {
  return typeof input === 'string' || 'path' in input;
}

/**
 * Every input's outcome, in input order, analysed `jobs` at a time. Notes of skipped
 * inputs and progress are told in input order as the outcomes come in. An input that
 * cannot be read stops the run with its error, the first in input order, as a run on
 * one thread stops; inputs after it are not started.
 */
async function analyseInOrder(
  inputs: readonly ReportInput[],
  fileOptions: FileAnalysisOptions,
  options: AnalyseFilesOptions,
): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = new Array<FileOutcome>(inputs.length);
  const count = workerCount(inputs, options.jobs);
  const workers = Array.from({ length: count }, () => new FileWorker(fileOptions));
  let next = 0;
  let told = 0;
  let failedAt = Number.POSITIVE_INFINITY;
  let failure: unknown;
  const tell = (): void => {
    while (told < inputs.length && outcomes[told] !== undefined) {
      const outcome = outcomes[told] as FileOutcome;
      if (outcome.kind === 'skipped') options.onSkip?.(outcome.skipped);
      if (options.onOutcome !== undefined) outcomes[told] = options.onOutcome(outcome, told);
      told += 1;
      options.onProgress?.({ phase: 'reading', done: told, total: inputs.length, unit: 'files' });
    }
  };
  const slot = async (worker: FileWorker | undefined): Promise<void> => {
    while (next < inputs.length && next < failedAt) {
      if (options.pace !== undefined) await options.pace();
      if (next >= inputs.length || next >= failedAt) break;
      const index = next;
      next += 1;
      const item = inputs[index] as ReportInput;
      try {
        outcomes[index] =
          worker !== undefined && isFile(item)
            ? interned(
                await worker.analyse(
                  index,
                  typeof item === 'string' ? item : item.path,
                  typeof item !== 'string' && item.listed === true,
                ),
              )
            : await analyseFile(
                item,
                fileOptions,
                options.beforeParse === undefined ? {} : { beforeParse: options.beforeParse },
              );
      } catch (error) {
        if (index < failedAt) {
          failedAt = index;
          failure = error;
        }
        return;
      }
      tell();
    }
  };
  options.onProgress?.({ phase: 'reading', done: 0, total: inputs.length, unit: 'files' });
  try {
    await Promise.all(
      count === 0
        ? [slot(undefined)]
        : workers.flatMap((worker) => Array.from({ length: filesInFlight }, () => slot(worker))),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.close()));
  }
  if (failure !== undefined) throw failure;
  return outcomes;
}

/** An outcome from a worker thread with its repeated strings shared again (see internFigures). */
function interned(outcome: FileOutcome): FileOutcome {
  if (outcome.kind === 'analysed') internFigures(outcome.document.source);
  return outcome;
}
