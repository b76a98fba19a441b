import { canBeCompared, type FailOn } from '../analyse/fail-closed.js';
import { defaultPercentFormula } from '../analyse/percent-formulas.js';
import { pickReport, type ReportChoice } from '../analyse/trend/pick-report.js';
import { TrendBuilder } from '../analyse/trend/trend-builder.js';
import { exitCodes } from '../error/exit-codes.js';
import { expandInputs, type ReportInput } from '../load/load-reports.js';
import type { Analysis, PercentFormula } from '../model/analysis.js';
import type { SkippedInput } from '../model/document.js';
import type { Trend } from '../model/trend.js';
import type { Verdict } from '../model/verdict.js';
import { analyseInputs, type AnalyseInputsOptions } from './analyse-inputs.js';
import { comparisonProblem, failed, passed } from './verdicts.js';

/** Options of {@link trendScans}. */
export interface TrendScansOptions extends AnalyseInputsOptions, ReportChoice {
  /** The lowest finding severity that makes a scan invalid (default `error`). */
  failOn?: FailOn;
  /** Keep scans of another account or benchmark than the first. */
  allowMismatch?: boolean;
  /** How many policies each list keeps (default 10). */
  top?: number;
}


/**
 * The trend, or the first scan that did not check: a trend is never drawn over a scan
 * whose reports could not be trusted.
 */
export type TrendScansResult =
  | { status: 'ok'; trend: Trend; skipped: SkippedInput[]; verdict: Verdict }
  | { status: 'invalid'; source: string; analysis: Analysis; skipped: SkippedInput[]; verdict: Verdict };

function isListed(input: ReportInput): boolean {
  return typeof input === 'object' && 'path' in input && input.listed === true;
}

/** True for a file found in a folder that is no audit report at all (a package.json): left out, as `check DIR` leaves it. */
function isStrayFile(input: ReportInput, analysis: Analysis): boolean {
  const [source] = analysis.sources;
  return isListed(input) && source !== undefined && source.reportCount === 0 && source.findings.some((finding) => finding.rule === 'not-a-report');
}

/**
 * The compliance of many saved scans of one account and benchmark over time. Reads,
 * checks and analyses one scan at a time and keeps only the trend's aggregates, so
 * memory does not grow with the scans read before. A JSON file of a folder that holds
 * no report is left out with a note; a scan that does not check (findings at or above
 * `failOn`, or no valid report) ends the run with a failing verdict (exit code 1).
 *
 * @throws CspmError `usage` for fewer than two scans or a file of several reports that
 *         `benchmark` and `account` do not narrow to one; `reports-mismatch` for a scan of
 *         another account or benchmark than the first, unless `allowMismatch`; the
 *         loader's errors for unreadable inputs
 */
export async function trendScans(inputs: readonly ReportInput[], options: TrendScansOptions = {}): Promise<TrendScansResult> {
  const files = await expandInputs(inputs, options.onSkip);
  const builder = new TrendBuilder(options.allowMismatch === true);
  const skipped: SkippedInput[] = [];
  let formula: PercentFormula = options.percentFormula ?? defaultPercentFormula;
  for (const [index, input] of files.entries()) {
    const analysis = await analyseInputs(input, options);
    formula = analysis.percentFormula;
    // One of the tool's own outputs found in the folder: the loader left it out with a note.
    if (analysis.sources.length === 0 && isListed(input)) continue;
    const [source] = analysis.sources;
    if (isStrayFile(input, analysis)) {
      skipped.push({ source: source?.source ?? String(index), message: 'holds no benchmark report; left out of the trend' });
      continue;
    }
    if (!source || !canBeCompared(analysis, options.failOn)) {
      const name = source?.source ?? String(index);
      const problem = comparisonProblem(analysis, options.failOn ?? 'error', name) ?? `${name} cannot be read`;
      return { status: 'invalid', source: name, analysis, skipped, verdict: failed(exitCodes.findings, `${problem}: no trend drawn`) };
    }
    builder.add(source.source, pickReport(source.source, source.reports, options));
  }
  return { status: 'ok', trend: builder.build(formula, options.top ?? 10), skipped, verdict: passed() };
}
