import { defaultPercentFormula } from '../../analyse/percent-formulas.js';
import { SiteBuilder } from '../../analyse/site/site-builder.js';
import { CspmError } from '../../error/cspm-error.js';
import { exitCodes } from '../../error/exit-codes.js';
import { expandInputs, type ReportInput } from '../../load/load-reports.js';
import type { Analysis } from '../../model/analysis.js';
import type { SkippedInput } from '../../model/document.js';
import { canBeCompared, type FailOn } from '../../model/fail-closed.js';
import type { SiteModel, SiteShard } from '../../model/site.js';
import { ScanExceptions } from '../../analyse/trend/scan-exceptions.js';
import { runExceptionsOf, type ExceptionsOptions } from '../exceptions/run-exceptions.js';
import type { Verdict } from '../../model/verdict.js';
import { analyseInputs, type AnalyseInputsOptions } from '../analyse-inputs.js';
import { comparisonProblem, failed, passed } from '../verdicts.js';
import { SeenScans } from '../seen-scans.js';
import { addDatasetScans, datasetInputOf, datasetLatestDay, pathOf } from './dataset-input.js';

/** Options of {@link buildSite}. */
export interface BuildSiteOptions extends AnalyseInputsOptions, ExceptionsOptions {
  /** The lowest finding severity that makes a scan untrusted (default `error`). */
  failOn?: FailOn;
  /** The site's title (default "Fleet posture"). */
  title?: string;
  /** Accounts in the ranking of drops (default 10). */
  top?: number;
  /**
   * Takes the shards of account pages made while the inputs are read (an input read an
   * account at a time makes them as it goes), so that they need not stay in memory.
   */
  takeShards?: (shards: SiteShard[]) => Promise<void>;
}

/** The site's model, or the first scan that did not check: a site never shows a scan that could not be trusted. */
export type BuildSiteResult =
  | {
      status: 'ok';
      site: SiteModel;
      /** The files read: the scans, and the exceptions files. */
      read: string[];
      skipped: SkippedInput[];
      /** A sentence per exception expired, expiring, unused or unneeded in the accounts' latest scans. */
      warnings: string[];
      verdict: Verdict;
    }
  | { status: 'invalid'; source: string; analysis: Analysis; skipped: SkippedInput[]; verdict: Verdict };

function isListed(input: ReportInput): boolean {
  return typeof input === 'object' && 'path' in input && input.listed === true;
}

/**
 * The model of a static site of a fleet over time, from folders of saved scans of many
 * accounts: each file read, checked and analysed one at a time, of which only figures
 * and a byte per policy stay. A file of a folder that holds no report is left out with a
 * note, and so is a scan read before (the same file, or the same JobId of an account);
 * a scan that does not check (findings at or above `failOn`) ends the run with a failing
 * verdict (exit code 1) and no site. A posture dataset (`render -f parquet --out-dir`)
 * given alone is read instead, one account and benchmark at a time (see addDatasetScans).
 *
 * @throws CspmError `usage` for a `top` that is not a whole number ≥ 1, or a dataset mixed with other inputs; the
 *   loader's errors for unreadable inputs; `query-engine-missing` and `dataset-invalid` for a dataset
 */
export async function buildSite(
  inputs: readonly ReportInput[],
  options: BuildSiteOptions = {},
): Promise<BuildSiteResult> {
  const top = options.top ?? 10;
  if (!Number.isInteger(top) || top < 1)
    throw new CspmError('usage', `the accounts ranked must be a whole number of 1 or more, not ${String(top)}`, {
      data: { option: 'top', value: String(top) },
    });
  // Before any scan: an exceptions file that does not check fails the run, never reads as none.
  const exceptions = runExceptionsOf(options);
  // A posture dataset is read by one query, a series at a time, after the (then no) files.
  const dataset = await datasetInputOf(inputs);
  const files = dataset === undefined ? await expandInputs(inputs, options.onSkip) : [];
  // Accounts come whole from a dataset, so the day the site is as of is asked first (with exceptions only).
  const asOf = dataset !== undefined && exceptions !== undefined ? await datasetLatestDay(dataset) : undefined;
  const formula = options.percentFormula ?? defaultPercentFormula;
  const builder = new SiteBuilder({
    percentFormula: formula,
    ...(asOf === undefined ? {} : { asOf }),
    ...(exceptions === undefined
      ? {}
      : {
          exceptions: new ScanExceptions(exceptions.files, exceptions.exceptions, {
            ...(options.today === undefined ? {} : { today: options.today }),
            ...(options.expiryWarningDays === undefined ? {} : { expiryWarningDays: options.expiryWarningDays }),
          }),
        }),
  });
  const seen = new SeenScans();
  const skipped: SkippedInput[] = [];
  const read: string[] = [];
  const { onProgress, ...each } = options;
  for (const [index, input] of files.entries()) {
    onProgress?.({ phase: 'reading', done: index, total: files.length, unit: 'scans' });
    const path = pathOf(input);
    const sameFile = path === undefined ? undefined : seen.sameFile(path);
    if (sameFile !== undefined) {
      skipped.push({ source: path ?? String(index), message: `the same file as ${sameFile}; counted once` });
      continue;
    }
    const analysis = await analyseInputs(input, { ...each, placeFindings: false });
    const [source] = analysis.sources;
    // One of the tool's own outputs found in a folder: the loader left it out with a note.
    if (source === undefined && isListed(input)) continue;
    if (
      source !== undefined &&
      isListed(input) &&
      source.reportCount === 0 &&
      source.findings.some((finding) => finding.rule === 'not-a-report')
    ) {
      skipped.push({ source: source.source, message: 'holds no benchmark report; left out of the site' });
      continue;
    }
    if (source === undefined || !canBeCompared(analysis, options.failOn)) {
      const name = source?.source ?? path ?? String(index);
      const problem = comparisonProblem(analysis, options.failOn ?? 'error', name) ?? `${name} cannot be read`;
      return {
        status: 'invalid',
        source: name,
        analysis,
        skipped,
        verdict: failed(exitCodes.findings, `${problem}: no site built`),
      };
    }
    read.push(source.source);
    for (const analysed of source.reports) {
      const sameScan = seen.sameScan(source.source, analysed.report.JobId, builder.seriesOf(analysed));
      if (sameScan === undefined) builder.add(source.source, analysed);
      else
        skipped.push({
          source: source.source,
          message: `the same scan (JobId ${analysed.report.JobId}) as ${sameScan}; counted once`,
        });
    }
  }
  if (dataset !== undefined) {
    read.push(dataset);
    await addDatasetScans(dataset, formula, {
      builder,
      skipped,
      ...(onProgress ? { onProgress } : {}),
      ...(options.takeShards ? { takeShards: options.takeShards } : {}),
    });
  }
  if (builder.size === 0) throw new CspmError('usage', 'no scan to build a site of', { data: { option: 'inputs' } });
  const site = builder.build(options.title ?? 'Fleet posture', top);
  return {
    status: 'ok',
    site,
    read: [...read, ...(exceptions?.files ?? []).map((file) => file.path)],
    skipped,
    warnings: site.overview.exceptions === null ? [] : builder.exceptionWarnings(),
    verdict: passed(),
  };
}
