import { dirname } from 'node:path';
import type { AnalysedReport, PercentFormula } from '../../model/analysis.js';
import type { AccountSeries, FleetRank, FleetScan, FleetTrend } from '../../model/fleet-trend.js';
import { hasPercent } from '../percent-formulas.js';
import { LatestScan } from './latest-scan.js';
import type { ScanJudgement } from './scan-exceptions.js';
import { orderScans } from './scan-order.js';

/** What is kept of a report once it is let go: its figures, not its policies. */
interface KeptScan extends Omit<FleetScan, 'hasPercent'> {
  index: number;
  names: Pick<AccountSeries, 'benchmarkName' | 'accountName' | 'connectorType'>;
}

interface Identity {
  benchmarkId: string;
  accountId: string;
}

/** The key of a series: its account and benchmark. */
export const seriesKey = (identity: Identity): string => JSON.stringify([identity.accountId, identity.benchmarkId]);

const byName = (a: AccountSeries, b: AccountSeries): number =>
  a.accountId < b.accountId
    ? -1
    : a.accountId > b.accountId
      ? 1
      : a.benchmarkId < b.benchmarkId
        ? -1
        : a.benchmarkId > b.benchmarkId
          ? 1
          : 0;

function percentChange(formula: PercentFormula, from: KeptScan | undefined, to: KeptScan | undefined): number | null {
  if (from === undefined || to === undefined || from === to) return null;
  return hasPercent(formula, from.figures) && hasPercent(formula, to.figures)
    ? to.figures.percent - from.figures.percent
    : null;
}

/**
 * The series of a fleet ranked by a change: lost accounts first (nothing is known of
 * them now, so they never rank below a drop), then drops, biggest first; accounts that
 * held steady or improved are left out, and so is a change of no figure.
 */
function rankDrops(
  series: readonly AccountSeries[],
  change: (one: AccountSeries) => number | null,
  top: number,
): FleetRank[] {
  return series
    .map((one, at): FleetRank => ({
      series: at,
      accountId: one.accountId,
      benchmarkId: one.benchmarkId,
      change: one.lost ? null : change(one),
      lost: one.lost,
    }))
    .filter((rank) => rank.lost || (rank.change !== null && rank.change < 0))
    .sort((a, b) => Number(b.lost) - Number(a.lost) || (a.change ?? 0) - (b.change ?? 0) || a.series - b.series)
    .slice(0, top);
}

/**
 * The scans of many accounts and benchmarks, one series each, built one report at a
 * time from its figures alone: thousands of accounts of a few scans each take a few
 * hundred bytes per scan, whatever the size of the reports.
 */
export class FleetBuilder {
  readonly #series = new Map<string, KeptScan[]>();
  /** Per series, what the exceptions did to its latest scan, when the trend has exceptions. */
  readonly #latest = new Map<string, LatestScan<ScanJudgement>>();
  #count = 0;

  /** Distinct accounts and benchmarks seen. */
  get size(): number {
    return this.#series.size;
  }

  /** How many series have at least `scans` scans. */
  seriesWith(scans: number): number {
    let count = 0;
    for (const kept of this.#series.values()) if (kept.length >= scans) count += 1;
    return count;
  }

  /** Adds one report, read from `source`, with what the exceptions did to it when the trend has any. */
  add(source: string, analysed: AnalysedReport, judgement?: ScanJudgement): void {
    const { report, pointer, figures } = analysed;
    const key = seriesKey({ accountId: report.AccountId, benchmarkId: report.BenchmarkId });
    const kept: KeptScan = {
      index: this.#count,
      source,
      pointer,
      jobId: report.JobId,
      scanDate:
        typeof report.LastScannedDate === 'string' && report.LastScannedDate !== '' ? report.LastScannedDate : null,
      figures,
      ...(judgement === undefined ? {} : { acceptedPolicies: judgement.accepted }),
      names: {
        benchmarkName: report.BenchmarkName,
        accountName: report.AccountName,
        connectorType: report.ConnectorType,
      },
    };
    this.#count += 1;
    const list = this.#series.get(key);
    if (list) list.push(kept);
    else this.#series.set(key, [kept]);
    if (judgement === undefined) return;
    const latest = this.#latest.get(key) ?? new LatestScan<ScanJudgement>();
    latest.offer(kept, judgement);
    this.#latest.set(key, latest);
  }

  /** What the exceptions did to each series' latest scan (none when the trend has no exceptions). */
  latestJudgements(): ScanJudgement[] {
    return [...this.#series.entries()].flatMap(([key, kept]) => {
      const judgement = this.#latest.get(key)?.pick(orderScans(kept).order);
      return judgement === undefined ? [] : [judgement];
    });
  }

  /**
   * The fleet's series, each in order, and its rankings.
   *
   * @param top how many series each ranking keeps
   */
  build(formula: PercentFormula, top = 10): FleetTrend {
    // The latest scan of all orders the fleet in time: its folder is the latest round of scans.
    const everyScan = [...this.#series.values()].flat();
    const latest = orderScans(everyScan).scans.at(-1);
    const latestFolder = latest === undefined ? '' : dirname(latest.source);
    const series = [...this.#series.entries()].map(([key, kept]): AccountSeries => {
      const [accountId, benchmarkId] = JSON.parse(key) as [string, string];
      const { order, scans } = orderScans(kept);
      const last = scans.at(-1) as KeptScan;
      return {
        benchmarkId,
        benchmarkName: last.names.benchmarkName,
        accountId,
        accountName: last.names.accountName,
        connectorType: last.names.connectorType,
        order,
        scans: scans.map(({ source, pointer, jobId, scanDate, figures, acceptedPolicies }) => ({
          source,
          pointer,
          jobId,
          scanDate,
          figures,
          hasPercent: hasPercent(formula, figures),
          ...(acceptedPolicies === undefined ? {} : { acceptedPolicies }),
        })),
        changeSinceFirst: percentChange(formula, scans[0], last),
        changeSincePrevious: percentChange(formula, scans.at(-2), last),
        lost: !scans.some((scan) => dirname(scan.source) === latestFolder),
      };
    });
    series.sort(byName);
    const kept = Math.max(0, Math.floor(top));
    return {
      kind: 'fleet',
      percentFormula: formula,
      series,
      latestFolder,
      dropsSinceFirst: rankDrops(series, (one) => one.changeSinceFirst, kept),
      dropsSincePrevious: rankDrops(series, (one) => one.changeSincePrevious, kept),
      lost: series.filter((one) => one.lost).length,
    };
  }
}
