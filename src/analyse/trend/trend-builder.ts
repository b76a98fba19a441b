import { CspmError } from '../../error/cspm-error.js';
import type { AnalysedReport, Figures, PercentFormula } from '../../model/analysis.js';
import type { PolicyTrend, Trend, TrendCategory, TrendScan } from '../../model/trend.js';
import { hasPercent } from '../percent-formulas.js';
import { LatestScan } from './latest-scan.js';
import { PolicyHistory, topPolicies } from './policy-history.js';
import type { ScanJudgement } from './scan-exceptions.js';
import { orderScans } from './scan-order.js';

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
  /** Policies an exception accepted, when the trend has exceptions. */
  accepted: number | undefined;
  names: Pick<Trend, 'benchmarkId' | 'benchmarkName' | 'accountId' | 'accountName' | 'connectorType'>;
}

const identity = (source: string, analysed: AnalysedReport) => ({
  source,
  benchmarkId: analysed.report.BenchmarkId,
  accountId: analysed.report.AccountId,
});

const categoryKey = (id: string, name: string): string => (id !== '' ? `id\u0000${id}` : `name\u0000${name}`);

/**
 * The compliance of many scans of one account and benchmark over time, built one scan at
 * a time: per scan the figures overall and per category, and per policy its regressions
 * and its longest run of Red scans. Only those aggregates are kept (and one byte per
 * policy per scan to follow the policies once the scans are in order), so memory does
 * not grow with the size of the scans added before. Loading and checking each scan is
 * the trend job's; this only adds up what it is given.
 */
export class TrendBuilder {
  readonly #history = new PolicyHistory();
  readonly #categories: TrendCategory[] = [];
  readonly #categoryAt = new Map<string, number>();
  readonly #kept: KeptScan[] = [];
  #first: ReturnType<typeof identity> | null = null;
  #mismatched = false;
  readonly #latest = new LatestScan<ScanJudgement>();

  /** @param allowMismatch keep scans of another account or benchmark than the first */
  constructor(private readonly allowMismatch = false) {}

  /** Scans added so far. */
  get size(): number {
    return this.#kept.length;
  }

  /**
   * Adds the report of one scan, read from `source`, with what the exceptions did to it when the trend has any.
   *
   * @throws CspmError `reports-mismatch` for a scan of another account or benchmark than
   *         the first, unless the builder allows it
   */
  add(source: string, analysed: AnalysedReport, judgement?: ScanJudgement): void {
    const seen = identity(source, analysed);
    const first = this.#first;
    if (first === null) this.#first = seen;
    else if (seen.benchmarkId !== first.benchmarkId || seen.accountId !== first.accountId) {
      if (!this.allowMismatch) {
        throw new CspmError(
          'reports-mismatch',
          `first: ${first.benchmarkId} of account ${first.accountId} (${first.source}); ${seen.source}: ${seen.benchmarkId} of account ${seen.accountId}; follow scans of one account and benchmark`,
          {
            data: { old: [first], new: [seen] },
          },
        );
      }
      this.#mismatched = true;
    }
    const byCategory = new Map<number, Figures>();
    for (const { category, figures } of analysed.categories) {
      const key = categoryKey(category.CategoryId, category.CategoryName);
      let at = this.#categoryAt.get(key);
      if (at === undefined) {
        at = this.#categories.length;
        this.#categoryAt.set(key, at);
        this.#categories.push({ id: category.CategoryId, name: category.CategoryName });
      }
      byCategory.set(at, figures);
    }
    const { report, pointer, figures } = analysed;
    const kept: KeptScan = {
      index: this.#kept.length,
      source,
      pointer,
      jobId: report.JobId,
      scanDate:
        typeof report.LastScannedDate === 'string' && report.LastScannedDate !== '' ? report.LastScannedDate : null,
      figures,
      categories: byCategory,
      colours: this.#history.record(report.ResourceCategories),
      accepted: judgement?.accepted,
      names: {
        benchmarkId: report.BenchmarkId,
        benchmarkName: report.BenchmarkName,
        accountId: report.AccountId,
        accountName: report.AccountName,
        connectorType: report.ConnectorType,
      },
    };
    this.#kept.push(kept);
    if (judgement !== undefined) this.#latest.offer(kept, judgement);
  }

  /** What the exceptions did to the latest scan in `order` (the trend's), when the trend has exceptions. */
  latestJudgement(order: Trend['order']): ScanJudgement | undefined {
    return this.#latest.pick(order);
  }

  /**
   * The trend of the scans added, put in order.
   *
   * @param top how many policies each list keeps
   * @throws CspmError `usage` for fewer than two scans
   */
  build(formula: PercentFormula, top = 10): Trend {
    if (this.#kept.length < 2)
      throw new CspmError(
        'usage',
        `a trend needs at least two scans; ${this.#kept.length === 0 ? 'none was' : 'one was'} given`,
        { data: { option: 'inputs' } },
      );
    const { order, scans } = orderScans(this.#kept);
    const { policies, regressionsPerScan } = this.#history.follow(scans.map((scan) => scan.colours));
    const trendScans: TrendScan[] = scans.map((scan, position) => ({
      source: scan.source,
      pointer: scan.pointer,
      jobId: scan.jobId,
      scanDate: scan.scanDate,
      figures: scan.figures,
      hasPercent: hasPercent(formula, scan.figures),
      categoryPercents: this.#categories.map((_, at) => {
        const figures = scan.categories.get(at);
        return figures && hasPercent(formula, figures) ? figures.percent : null;
      }),
      regressions: position === 0 ? null : (regressionsPerScan[position] ?? 0),
      ...(scan.accepted === undefined ? {} : { acceptedPolicies: scan.accepted }),
    }));
    const kept = Math.max(0, Math.floor(top));
    // The latest scan names the account and benchmark, as it would name them today.
    const named = (scans.at(-1) as KeptScan).names;
    return {
      ...named,
      percentFormula: formula,
      order,
      mismatched: this.#mismatched,
      categories: this.#categories,
      scans: trendScans,
      policies: this.#history.size,
      regressed: topPolicies(policies, (policy: PolicyTrend) => policy.regressions, kept),
      longestRed: topPolicies(policies, (policy: PolicyTrend) => policy.longestRed, kept),
    };
  }
}
