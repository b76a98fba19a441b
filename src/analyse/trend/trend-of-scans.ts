import { CspmError } from '../../error/cspm-error.js';
import { listJsonFiles } from '../../load/list-json-files.js';
import { ioError } from '../../load/io-error.js';
import { loadReports, type ReportInput } from '../../load/load-reports.js';
import type { AnalysedReport, Figures } from '../../model/analysis.js';
import type { PolicyTrend, Trend, TrendCategory, TrendOptions, TrendOutcome, TrendScan } from '../../model/trend.js';
import { validateReports } from '../../validate/validate-documents.js';
import { analyseReports } from '../analyse-reports.js';
import { canBeCompared } from '../fail-on.js';
import { hasPercent } from '../percent-formulas.js';
import { pickReport } from './pick-report.js';
import { PolicyHistory, topPolicies } from './policy-history.js';
import { orderScans } from './scan-order.js';
import { stat } from 'node:fs/promises';

/** What is kept of a scan once its report is let go. */
interface KeptScan {
  index: number;
  source: string;
  pointer: string;
  jobId: string;
  scanDate: string | null;
  figures: Figures;
  /** Category figures by position in the trend's categories. */
  categories: Map<number, Figures>;
  colours: Uint8Array;
  names: Pick<Trend, 'benchmarkId' | 'benchmarkName' | 'accountId' | 'accountName' | 'connectorType'>;
}

/** Directories become the `*.json` files in them (sorted), so that the scans can be counted and read one at a time. */
async function expandInputs(inputs: readonly ReportInput[]): Promise<ReportInput[]> {
  const expanded: ReportInput[] = [];
  for (const input of inputs) {
    if (typeof input !== 'string') {
      expanded.push(input);
      continue;
    }
    const info = await stat(input).catch((error: unknown) => {
      throw ioError(input, error);
    });
    if (!info.isDirectory()) expanded.push(input);
    else {
      const files = await listJsonFiles(input).catch((error: unknown) => {
        throw ioError(input, error);
      });
      if (files.length === 0) throw new CspmError('input-empty-dir', input, { data: { path: input } });
      expanded.push(...files);
    }
  }
  return expanded;
}

const identity = (source: string, analysed: AnalysedReport) => ({ source, benchmarkId: analysed.report.BenchmarkId, accountId: analysed.report.AccountId });

const categoryKey = (id: string, name: string): string => (id !== '' ? `id\u0000${id}` : `name\u0000${name}`);

/**
 * The compliance of many saved scans of one account and benchmark over time: per scan
 * the figures overall and per category, and per policy its regressions and its longest
 * run of Red scans. Reads, checks and analyses one input at a time and keeps only
 * those aggregates (and one byte per policy per scan to follow the policies once the
 * scans are in order), so memory does not grow with the size of the scans read before.
 *
 * An input that does not check (findings at or above `failOn`, or no valid report)
 * ends the run: the outcome names it and carries its analysis.
 *
 * @throws CspmError `usage` for fewer than two scans or an ambiguous file of several
 *         reports; `reports-mismatch` for a scan of another account or benchmark than
 *         the first, unless `allowMismatch`; the loader's errors for unreadable inputs
 */
export async function trendOfScans(inputs: readonly ReportInput[], options: TrendOptions = {}): Promise<TrendOutcome> {
  const files = await expandInputs(inputs);
  if (files.length < 2) throw new CspmError('usage', `a trend needs at least two scans; ${files.length === 0 ? 'none was' : 'one was'} given`, { data: { option: 'inputs' } });
  const history = new PolicyHistory();
  const categories: TrendCategory[] = [];
  const categoryAt = new Map<string, number>();
  const kept: KeptScan[] = [];
  let first: ReturnType<typeof identity> | null = null;
  let mismatched = false;
  let percentFormula = options.percentFormula;
  for (const [index, input] of files.entries()) {
    // The check of one input, as checkReports composes it (analyse may not import that later module).
    const analysis = analyseReports(validateReports(await loadReports(input, options.beforeParse ? { beforeParse: options.beforeParse } : {})), options);
    percentFormula = analysis.percentFormula;
    const [source] = analysis.sources;
    if (!source || !canBeCompared(analysis, options.failOn)) {
      return { status: 'invalid', source: source?.source ?? String(index), analysis };
    }
    const analysed = pickReport(source.source, source.reports, options);
    const seen = identity(source.source, analysed);
    if (first === null) first = seen;
    else if (seen.benchmarkId !== first.benchmarkId || seen.accountId !== first.accountId) {
      if (options.allowMismatch !== true) {
        throw new CspmError(
          'reports-mismatch',
          `first: ${first.benchmarkId} of account ${first.accountId} (${first.source}); ${seen.source}: ${seen.benchmarkId} of account ${seen.accountId}; follow scans of one account and benchmark, or give --allow-mismatch`,
          { data: { old: [first], new: [seen] } },
        );
      }
      mismatched = true;
    }
    const byCategory = new Map<number, Figures>();
    for (const { category, figures } of analysed.categories) {
      const key = categoryKey(category.CategoryId, category.CategoryName);
      let at = categoryAt.get(key);
      if (at === undefined) {
        at = categories.length;
        categoryAt.set(key, at);
        categories.push({ id: category.CategoryId, name: category.CategoryName });
      }
      byCategory.set(at, figures);
    }
    const { report, pointer, figures } = analysed;
    kept.push({
      index,
      source: source.source,
      pointer,
      jobId: report.JobId,
      scanDate: typeof report.LastScannedDate === 'string' && report.LastScannedDate !== '' ? report.LastScannedDate : null,
      figures,
      categories: byCategory,
      colours: history.record(report.ResourceCategories),
      names: { benchmarkId: report.BenchmarkId, benchmarkName: report.BenchmarkName, accountId: report.AccountId, accountName: report.AccountName, connectorType: report.ConnectorType },
    });
  }
  const formula = percentFormula ?? 'green-of-assessed';
  const { order, scans } = orderScans(kept);
  const { policies, regressionsPerScan } = history.follow(scans.map((scan) => scan.colours));
  const trendScans: TrendScan[] = scans.map((scan, position) => ({
    source: scan.source,
    pointer: scan.pointer,
    jobId: scan.jobId,
    scanDate: scan.scanDate,
    figures: scan.figures,
    hasPercent: hasPercent(formula, scan.figures),
    categoryPercents: categories.map((_, at) => {
      const figures = scan.categories.get(at);
      return figures && hasPercent(formula, figures) ? figures.percent : null;
    }),
    regressions: position === 0 ? null : (regressionsPerScan[position] ?? 0),
  }));
  const top = Math.max(0, Math.floor(options.top ?? 10));
  // The latest scan names the account and benchmark, as it would name them today.
  const named = (scans.at(-1) as KeptScan).names;
  return {
    status: 'ok',
    trend: {
      ...named,
      percentFormula: formula,
      order,
      mismatched,
      categories,
      scans: trendScans,
      policies: history.size,
      regressed: topPolicies(policies, (policy: PolicyTrend) => policy.regressions, top),
      longestRed: topPolicies(policies, (policy: PolicyTrend) => policy.longestRed, top),
    } satisfies Trend,
  };
}
