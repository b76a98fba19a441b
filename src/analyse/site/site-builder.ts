import { dirname } from 'node:path';
import type { AnalysedReport, Figures, PercentFormula, SeverityCount } from '../../model/analysis.js';
import { severityOrder } from '../../model/observed-values.js';
import {
  accountsPerShard,
  type SiteAcceptedPolicy,
  type SiteAccount,
  type SiteAccountDetail,
  type SiteModel,
  type SitePolicyFailure,
  type SitePolicyFix,
  type SitePolicyPage,
  type SiteShard,
} from '../../model/site.js';
import { orderScans } from '../trend/scan-order.js';
import type { ScanExceptions, ScanJudgement } from '../trend/scan-exceptions.js';
import { hasPercent } from '../percent-formulas.js';
import { BenchmarkCatalogue, linkKey } from './benchmark-catalogue.js';
import { FleetDays, dayOf, type DatedScan } from './fleet-days.js';
import { accountStandings, policyHistories } from './series-history.js';
import { acceptedPolicies, siteExceptions } from './site-exceptions.js';
import { siteGroups, rankDrops, rankLost, rankPolicies } from './site-rankings.js';

/** What is kept of a report once it is let go: its figures and its policies' colours. */
interface KeptScan {
  index: number;
  source: string;
  jobId: string;
  scanDate: string | null;
  figures: Figures;
  redBySeverity: readonly SeverityCount[];
  colours: Uint8Array;
  /** The exceptions judged on this scan, when the run has exceptions. */
  judgement?: ScanJudgement;
}

/** The scans of one account and benchmark. */
interface Series {
  accountId: string;
  benchmarkId: string;
  names: { accountName: string; benchmarkName: string; connector: string };
  catalogue: BenchmarkCatalogue;
  scans: KeptScan[];
}

/** A scan of a series given whole (see {@link SiteBuilder.addSeries}). */
export interface SeriesScan {
  source: string;
  analysed: AnalysedReport;
}

/** How a site is built. */
export interface SiteBuilderOptions {
  percentFormula: PercentFormula;
  /** The run's exceptions, judged on each account's latest scan on its day. */
  exceptions?: ScanExceptions;
  /**
   * The day the site is as of, `YYYY-MM-DD`: the fleet's latest scan day. An exception
   * that expired before it accepts nothing on the site, even in an account last scanned
   * while it was in force. Given when accounts are added whole ({@link SiteBuilder.addSeries});
   * found from the scans otherwise.
   */
  asOf?: string;
}

/**
 * The scans of a fleet made into what a static site shows: the fleet day by day, a row
 * per account and benchmark, a page per account (in shards of {@link accountsPerShard}),
 * each benchmark's policies named once, and a page per policy.
 *
 * Scans come one report at a time in any order ({@link add}: each account's scans are
 * kept as a byte per policy until {@link build}), or an account's scans all at once
 * ({@link addSeries}: finished at once, so memory holds the accounts' rows and one
 * account's scans, never the fleet's scans). Shards of account pages that are complete
 * can be taken as they are made ({@link takeShards}).
 */
export class SiteBuilder {
  readonly #options: SiteBuilderOptions;
  readonly #pending = new Map<string, Series>();
  readonly #catalogues = new Map<string, BenchmarkCatalogue>();
  readonly #severities = new Set<string>(severityOrder);
  readonly #fleet = new FleetDays();
  readonly #rows: SiteAccount[] = [];
  readonly #latest: (Figures & { redBySeverity: readonly SeverityCount[] })[] = [];
  readonly #lastScans: { index: number; jobId: string; scanDate: string | null; folder: string }[] = [];
  readonly #judgements: ScanJudgement[] = [];
  readonly #acceptedIn = new Map<string, number>();
  readonly #acceptedCount = new Map<string, number>();
  #asOf: string | undefined;
  readonly #failures = new Map<string, SitePolicyFailure[]>();
  readonly #fixes = new Map<string, SitePolicyFix[]>();
  #shard: SiteAccountDetail[] = [];
  #ready: SiteShard[] = [];
  #count = 0;
  #warnings: string[] = [];

  constructor(options: SiteBuilderOptions) {
    this.#options = options;
    this.#asOf = options.asOf;
  }

  /** How many distinct accounts and benchmarks were added. */
  get size(): number {
    return this.#rows.length + this.#pending.size;
  }

  /** The key a repeated JobId is looked up by: the report's account and benchmark. */
  seriesOf(analysed: AnalysedReport): string {
    return linkKey(analysed.report.AccountId, analysed.report.BenchmarkId);
  }

  /** Adds one report read from `source`; its account's page is made by {@link build}. */
  add(source: string, analysed: AnalysedReport): void {
    const key = this.seriesOf(analysed);
    let series = this.#pending.get(key);
    if (series === undefined) {
      series = this.#newSeries(analysed);
      this.#pending.set(key, series);
    }
    series.scans.push(this.#keep(series, source, analysed, true));
  }

  /**
   * Adds every scan of one account and benchmark at once, and finishes its page now:
   * no scan of it may come later. The exceptions are judged on its latest scan only.
   */
  addSeries(scans: readonly SeriesScan[]): void {
    const [first] = scans;
    if (first === undefined) return;
    const series = this.#newSeries(first.analysed);
    series.scans = scans.map(({ source, analysed }) => this.#keep(series, source, analysed, false));
    const { scans: ordered } = orderScans(series.scans);
    const last = ordered.at(-1) as KeptScan;
    const exceptions = this.#options.exceptions;
    if (exceptions !== undefined) {
      const at = series.scans.indexOf(last);
      last.judgement = exceptions.judge(last.source, (scans[at] as SeriesScan).analysed);
    }
    this.#finish(series, ordered);
  }

  /** After {@link build}: a sentence per exception expired, expiring, unused or unneeded in the latest scans. */
  exceptionWarnings(): string[] {
    return this.#warnings;
  }

  /** The shards of account pages complete so far, each handed out once. */
  *takeShards(): Iterable<SiteShard> {
    const ready = this.#ready;
    this.#ready = [];
    yield* ready;
  }

  /**
   * The site's model: the accounts added one report at a time are finished now, in the
   * order of their ids. The shards not taken yet, and the policies' pages, are made as
   * they are asked for.
   *
   * @param top how many accounts the ranking of drops keeps
   */
  build(title: string, top = 10): SiteModel {
    const pending = [...this.#pending.values()].sort(compareIds);
    this.#pending.clear();
    this.#asOf ??= latestDay(pending);
    for (const series of pending) this.#finish(series, orderScans(series.scans).scans);
    if (this.#shard.length > 0) {
      this.#ready.push({ index: Math.floor((this.#rows.length - 1) / accountsPerShard), accounts: this.#shard });
      this.#shard = [];
    }
    const latestScan = orderScans(this.#lastScans).scans.at(-1);
    this.#rows.forEach((row, at) => (row.lost = this.#lastScans[at]?.folder !== latestScan?.folder));
    const severities = this.#severityList();
    const formula = this.#options.percentFormula;
    const days = this.#fleet.days(formula, severities);
    const latest = days.at(-1)?.date ?? null;
    // By id: the same list whatever order the scans came in (policies keep the order they were first seen in).
    const benchmarks = [...this.#catalogues.values()]
      .sort((a, b) => (a.benchmarkId < b.benchmarkId ? -1 : a.benchmarkId > b.benchmarkId ? 1 : 0))
      .map((catalogue) => ({
        key: catalogue.key,
        benchmarkId: catalogue.benchmarkId,
        benchmarkName: catalogue.benchmarkName,
        policies: catalogue.policies,
      }));
    const exceptions = this.#options.exceptions;
    const record =
      exceptions === undefined || this.#judgements.length === 0 ? null : exceptions.record(this.#judgements);
    this.#warnings = record?.warnings ?? [];
    const failures = this.#failures;
    const fixes = this.#fixes;
    return {
      overview: {
        title,
        percentFormula: formula,
        severities,
        accounts: this.#rows.length,
        lost: this.#rows.filter((account) => account.lost).length,
        latest,
        days,
        groups: siteGroups(this.#latest, this.#rows, formula),
        drops: rankDrops(this.#rows, top),
        dropped: this.#rows.filter((row) => !row.lost && row.change !== null && row.change < 0).length,
        lostAccounts: rankLost(this.#rows, top),
        worstPolicies: rankPolicies(benchmarks, severities, top),
        exceptions: record === null ? null : siteExceptions(record, this.#acceptedCount, this.#acceptedIn),
      },
      accounts: this.#rows,
      benchmarks,
      shards: () => this.takeShards(),
      *policyPages(): Iterable<SitePolicyPage> {
        for (const benchmark of benchmarks)
          for (const [at, policy] of benchmark.policies.entries()) {
            const id = `${benchmark.key}/${at}`;
            yield {
              benchmarkKey: benchmark.key,
              key: policy.key,
              failing: failures.get(id) ?? [],
              fixed: fixes.get(id) ?? [],
            };
          }
      },
    };
  }

  #newSeries(analysed: AnalysedReport): Series {
    const { report } = analysed;
    let catalogue = this.#catalogues.get(report.BenchmarkId);
    if (catalogue === undefined) {
      catalogue = new BenchmarkCatalogue(report.BenchmarkId, report.BenchmarkName);
      this.#catalogues.set(report.BenchmarkId, catalogue);
    }
    return {
      accountId: report.AccountId,
      benchmarkId: report.BenchmarkId,
      names: { accountName: report.AccountName, benchmarkName: report.BenchmarkName, connector: report.ConnectorType },
      catalogue,
      scans: [],
    };
  }

  #keep(series: Series, source: string, analysed: AnalysedReport, judge: boolean): KeptScan {
    const { report } = analysed;
    for (const { severity } of analysed.redBySeverity) this.#severities.add(severity);
    const kept: KeptScan = {
      index: this.#count,
      source,
      jobId: report.JobId,
      scanDate:
        typeof report.LastScannedDate === 'string' && report.LastScannedDate !== '' ? report.LastScannedDate : null,
      figures: analysed.figures,
      redBySeverity: analysed.redBySeverity,
      colours: series.catalogue.record(report.ResourceCategories),
    };
    this.#count += 1;
    const exceptions = this.#options.exceptions;
    // One report at a time, the latest is known only at the end: each is judged while it is here.
    if (judge && exceptions !== undefined) kept.judgement = exceptions.judge(source, analysed);
    return kept;
  }

  /**
   * The known severities worst first, then others in the order they were first seen: a
   * page made before another severity turned up keeps its positions (its lists are shorter).
   */
  #severityList(): string[] {
    return [...this.#severities];
  }

  /** Makes an account's row, page and policy entries of its scans in order, and lets the scans go. */
  #finish(series: Series, ordered: readonly KeptScan[]): void {
    const row = this.#rows.length;
    const { catalogue } = series;
    const last = ordered.at(-1) as KeptScan;
    const before = ordered.at(-2);
    const formula = this.#options.percentFormula;
    const percentOf = (figures: Figures): number | null => (hasPercent(formula, figures) ? figures.percent : null);
    const severities = this.#severityList();
    const bySeverity = (counts: readonly SeverityCount[]): number[] =>
      severities.map((severity) => counts.find((count) => count.severity === severity)?.count ?? 0);
    const histories = policyHistories(
      ordered.map((scan) => scan.colours),
      catalogue.policies.length,
    );
    const accepted = acceptedPolicies(last.judgement, catalogue, this.#asOf);
    const now = percentOf(last.figures);
    const then = before === undefined ? null : percentOf(before.figures);
    const key = linkKey(series.accountId, series.benchmarkId);
    this.#rows.push({
      key,
      accountId: series.accountId,
      accountName: series.names.accountName,
      connector: series.names.connector,
      benchmarkId: series.benchmarkId,
      benchmarkName: series.names.benchmarkName,
      benchmarkKey: catalogue.key,
      lastScan: last.scanDate,
      percent: now,
      change: now === null || then === null ? null : now - then,
      red: last.figures.red,
      amber: last.figures.amber,
      redBySeverity: bySeverity(last.redBySeverity),
      accepted: accepted.length,
      scans: ordered.length,
      lost: false,
      shard: Math.floor(row / accountsPerShard),
    });
    this.#latest.push({ ...last.figures, redBySeverity: last.redBySeverity });
    this.#lastScans.push({ index: row, jobId: last.jobId, scanDate: last.scanDate, folder: dirname(last.source) });
    if (last.judgement !== undefined) this.#judgements.push(last.judgement);
    for (const { exception } of accepted)
      this.#acceptedCount.set(exception, (this.#acceptedCount.get(exception) ?? 0) + 1);
    for (const exception of new Set(accepted.map((one) => one.exception)))
      this.#acceptedIn.set(exception, (this.#acceptedIn.get(exception) ?? 0) + 1);
    this.#fleet.addAccount(datedScans(ordered));
    this.#countPolicies(row, catalogue, histories, accepted, ordered);
    this.#shard.push({
      key,
      scans: ordered.map((scan) => ({
        date: scan.scanDate,
        percent: percentOf(scan.figures),
        green: scan.figures.green,
        amber: scan.figures.amber,
        red: scan.figures.red,
        gray: scan.figures.gray,
        other: scan.figures.other,
        redBySeverity: bySeverity(scan.redBySeverity),
      })),
      policies: histories,
      accepted,
    });
    if (this.#shard.length === accountsPerShard) {
      this.#ready.push({ index: Math.floor(row / accountsPerShard), accounts: this.#shard });
      this.#shard = [];
    }
  }

  #countPolicies(
    row: number,
    catalogue: BenchmarkCatalogue,
    histories: ReturnType<typeof policyHistories>,
    accepted: readonly SiteAcceptedPolicy[],
    ordered: readonly KeptScan[],
  ): void {
    for (const history of histories)
      if (history.changes.at(-1) !== 0) (catalogue.policies[history.policy] as { accounts: number }).accounts += 1;
    const standings = accountStandings(row, histories, accepted, (scan) => ordered[scan]?.scanDate ?? null);
    for (const { policy, failure } of standings.failures) {
      const entry = catalogue.policies[policy] as { failing: number; accepted: number };
      entry.failing += 1;
      if (failure.exception !== null) entry.accepted += 1;
      pushTo(this.#failures, `${catalogue.key}/${policy}`, failure);
    }
    for (const { policy, fix } of standings.fixes) {
      (catalogue.policies[policy] as { fixed: number }).fixed += 1;
      pushTo(this.#fixes, `${catalogue.key}/${policy}`, fix);
    }
  }
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** The scans that state a readable date, as the fleet's days pool them. */
function datedScans(ordered: readonly KeptScan[]): DatedScan[] {
  return ordered.flatMap((scan) => {
    const time = scan.scanDate === null ? Number.NaN : Date.parse(scan.scanDate);
    return Number.isNaN(time) ? [] : [{ time, figures: scan.figures, redBySeverity: scan.redBySeverity }];
  });
}

/** The latest day any of the series' scans states, `YYYY-MM-DD`; undefined when none states one. */
function latestDay(series: readonly Series[]): string | undefined {
  let latest = Number.NEGATIVE_INFINITY;
  for (const { scans } of series)
    for (const scan of scans) {
      const time = scan.scanDate === null ? Number.NaN : Date.parse(scan.scanDate);
      if (time > latest) latest = time;
    }
  return Number.isFinite(latest) ? dayOf(latest) : undefined;
}

function compareIds(a: Series, b: Series): number {
  const byAccount = a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0;
  return byAccount || (a.benchmarkId < b.benchmarkId ? -1 : a.benchmarkId > b.benchmarkId ? 1 : 0);
}
