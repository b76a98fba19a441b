import { SeenScans } from './seen-scans.js';
import { canBeCompared, type FailOn } from '../model/fail-closed.js';
import { defaultPercentFormula } from '../analyse/percent-formulas.js';
import type { ReportChoice } from '../analyse/trend/pick-report.js';
import { CspmError } from '../error/cspm-error.js';
import { exitCodes } from '../error/exit-codes.js';
import { expandInputs, type ReportInput } from '../load/load-reports.js';
import type { Analysis, PercentFormula } from '../model/analysis.js';
import type { SkippedInput } from '../model/document.js';
import type { FleetTrend } from '../model/fleet-trend.js';
import type { Trend } from '../model/trend.js';
import type { Verdict } from '../model/verdict.js';
import { analyseInputs, type AnalyseInputsOptions } from './analyse-inputs.js';
import { runExceptionsOf, type ExceptionsOptions } from './exceptions/run-exceptions.js';
import { TrendParts } from './trend-parts.js';
import { comparisonProblem, failed, passed } from './verdicts.js';

/** Options of {@link trendScans}. */
export interface TrendScansOptions extends AnalyseInputsOptions, ReportChoice, ExceptionsOptions {
  /** The lowest finding severity that makes a scan invalid (default `error`). */
  failOn?: FailOn;
  /** Keep scans of another account or benchmark than the first. */
  allowMismatch?: boolean;
  /** How many policies each list keeps, and accounts each ranking of a fleet (default 10). */
  top?: number;
}

/**
 * The trend, or the first scan that did not check: a trend is never drawn over a scan
 * whose reports could not be trusted.
 */
export type TrendScansResult =
  | { status: 'ok'; trend: Trend; skipped: SkippedInput[]; verdict: Verdict }
  | { status: 'invalid'; source: string; analysis: Analysis; skipped: SkippedInput[]; verdict: Verdict };

/** What {@link trendAccounts} returns: a trend as {@link trendScans} does, or a fleet's series (status `fleet`). */
export type TrendAccountsResult =
  TrendScansResult | { status: 'fleet'; fleet: FleetTrend; skipped: SkippedInput[]; verdict: Verdict };

function isListed(input: ReportInput): boolean {
  return typeof input === 'object' && 'path' in input && input.listed === true;
}

/**
 * True for a file found in a folder that is no audit report at all (a package.json): left out, as `check DIR` leaves
 * it.
 */
function isStrayFile(input: ReportInput, analysis: Analysis): boolean {
  const [source] = analysis.sources;
  return (
    isListed(input) &&
    source !== undefined &&
    source.reportCount === 0 &&
    source.findings.some((finding) => finding.rule === 'not-a-report')
  );
}

function sourceName(input: ReportInput, index: number): string {
  if (typeof input === 'string') return input;
  if ('path' in input) return input.path;
  return input.name ?? String(index);
}

/**
 * The compliance of many saved scans of one account and benchmark over time. Reads,
 * checks and analyses one scan at a time and keeps only the trend's aggregates, so
 * memory does not grow with the scans read before. A JSON file of a folder that holds
 * no report is left out with a note, and so is a scan read before (the same file, or
 * the same JobId); a scan that does not check (findings at or above
 * `failOn`, or no valid report) ends the run with a failing verdict (exit code 1).
 *
 * @throws CspmError `usage` for a `top` that is not a whole number ≥ 1, for fewer than two scans or a file of several
 * reports that
 *         `benchmark` and `account` do not narrow to one; `reports-mismatch` for a scan of
 *         another account or benchmark than the first, unless `allowMismatch`; the
 *         loader's errors for unreadable inputs
 */
export async function trendScans(
  inputs: readonly ReportInput[],
  options: TrendScansOptions = {},
): Promise<TrendScansResult> {
  // Without a fleet to build, the result is a trend of one account or an invalid input.
  return (await readTrend(inputs, options, false)) as TrendScansResult;
}

/**
 * The trend of one account and benchmark as {@link trendScans} draws it, or, when the
 * inputs hold scans of many accounts (at least two accounts or benchmarks with two scans
 * or more each), a fleet's: a series per account and benchmark, built from each
 * report's figures alone, and the biggest drops in compliance percent ranked, worst
 * first. An account with no scan in the folder of the fleet's latest scan is lost and
 * ranked first. `benchmark`, `account` and `allowMismatch` ask for one trend, as in
 * {@link trendScans}.
 *
 * @throws CspmError as {@link trendScans}, save the refusals of many accounts that make a fleet
 */
export async function trendAccounts(
  inputs: readonly ReportInput[],
  options: TrendScansOptions = {},
): Promise<TrendAccountsResult> {
  return readTrend(inputs, options, true);
}

async function readTrend(
  inputs: readonly ReportInput[],
  options: TrendScansOptions,
  fleet: boolean,
): Promise<TrendAccountsResult> {
  const top = options.top ?? 10;
  // -1 or 2.5 would list nothing or round silently: a mistake of the call, told before any scan is read.
  if (!Number.isInteger(top) || top < 1)
    throw new CspmError(
      'usage',
      `the policies listed per list must be a whole number of 1 or more, not ${String(top)}`,
      { data: { option: 'top', value: String(top) } },
    );
  // Before any scan: an exceptions file that does not check fails the run, never reads as none.
  const exceptions = runExceptionsOf(options);
  const files = await expandInputs(inputs, options.onSkip);
  const parts = new TrendParts(options, fleet, exceptions);
  const skipped: SkippedInput[] = [];
  let formula: PercentFormula = options.percentFormula ?? defaultPercentFormula;
  const seen = new SeenScans();
  // Told per scan here: each file's own reading and checking would restart at 1 of 1.
  const { onProgress, ...each } = options;
  for (const [index, input] of files.entries()) {
    onProgress?.({ phase: 'reading', done: index, total: files.length, unit: 'scans' });
    const sameFile = seen.sameFile(input);
    if (sameFile !== undefined) {
      skipped.push({ source: sourceName(input, index), message: `the same file as ${sameFile}; counted once` });
      continue;
    }
    const analysis = await analyseInputs(input, { ...each, placeFindings: false });
    formula = analysis.percentFormula;
    // One of the tool's own outputs found in the folder: the loader left it out with a note.
    if (analysis.sources.length === 0 && isListed(input)) continue;
    const [source] = analysis.sources;
    if (isStrayFile(input, analysis)) {
      skipped.push({
        source: source?.source ?? String(index),
        message: 'holds no benchmark report; left out of the trend',
      });
      continue;
    }
    if (!source || !canBeCompared(analysis, options.failOn)) {
      const name = source?.source ?? String(index);
      const problem = comparisonProblem(analysis, options.failOn ?? 'error', name) ?? `${name} cannot be read`;
      return {
        status: 'invalid',
        source: name,
        analysis,
        skipped,
        verdict: failed(exitCodes.findings, `${problem}: no trend drawn`),
      };
    }
    const fresh = parts.reportsOf(source, isListed(input)).filter((analysed) => {
      const sameScan = seen.sameScan(source.source, analysed.report.JobId, parts.seriesOf(analysed));
      if (sameScan !== undefined)
        skipped.push({
          source: source.source,
          message: `the same scan (JobId ${analysed.report.JobId}) as ${sameScan}; counted once`,
        });
      return sameScan === undefined;
    });
    if (fresh.length > 0) parts.add(source.source, fresh);
  }
  const built = parts.build(formula, top);
  return 'trend' in built
    ? { status: 'ok', trend: built.trend, skipped, verdict: passed() }
    : { status: 'fleet', fleet: built.fleet, skipped, verdict: passed() };
}
