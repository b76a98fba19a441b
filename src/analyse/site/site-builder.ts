import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import type { AnalysedReport, Figures, PercentFormula, SeverityCount } from '../../model/analysis.js';
import { severityOrder } from '../../model/observed-values.js';
import type { SiteAccount, SiteAccountDetail, SiteModel, SiteScan } from '../../model/site.js';
import { orderScans } from '../trend/scan-order.js';
import { hasPercent } from '../percent-formulas.js';
import { fleetDays, dayOf, type DatedScan } from './fleet-days.js';
import { PolicyColours } from './policy-colours.js';
import { siteGroups, rankDrops } from './site-rankings.js';

/** What is kept of a report once it is let go: its figures and its policies' colours. */
interface KeptScan {
  index: number;
  source: string;
  jobId: string;
  scanDate: string | null;
  figures: Figures;
  redBySeverity: readonly SeverityCount[];
  colours: Uint8Array;
}

interface Series {
  accountId: string;
  benchmarkId: string;
  names: { accountName: string; benchmarkName: string; connector: string };
  policies: PolicyColours;
  scans: KeptScan[];
}

/**
 * The name of an account's chunk: its ids hashed, so that a link to it holds across
 * builds and no id reaches a path.
 */
function chunkKey(accountId: string, benchmarkId: string): string {
  return createHash('sha256')
    .update(JSON.stringify([accountId, benchmarkId]))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The scans of a fleet, read one report at a time, made into what a static site shows:
 * the fleet day by day, a row per account and benchmark, and each account's scans and
 * policy histories (kept as a byte per policy per scan until they are written as changes).
 */
export class SiteBuilder {
  readonly #series = new Map<string, Series>();
  readonly #severities = new Set<string>(severityOrder);
  #count = 0;

  /** How many distinct accounts and benchmarks were added. */
  get size(): number {
    return this.#series.size;
  }

  /** The key a repeated JobId is looked up by: the report's account and benchmark. */
  seriesOf(analysed: AnalysedReport): string {
    return chunkKey(analysed.report.AccountId, analysed.report.BenchmarkId);
  }

  /** Adds one report read from `source`. */
  add(source: string, analysed: AnalysedReport): void {
    const { report } = analysed;
    const key = this.seriesOf(analysed);
    let series = this.#series.get(key);
    if (series === undefined) {
      series = {
        accountId: report.AccountId,
        benchmarkId: report.BenchmarkId,
        names: names(analysed),
        policies: new PolicyColours(),
        scans: [],
      };
      this.#series.set(key, series);
    }
    for (const { severity } of analysed.redBySeverity) this.#severities.add(severity);
    series.scans.push({
      index: this.#count,
      source,
      jobId: report.JobId,
      scanDate:
        typeof report.LastScannedDate === 'string' && report.LastScannedDate !== '' ? report.LastScannedDate : null,
      figures: analysed.figures,
      redBySeverity: analysed.redBySeverity,
      colours: series.policies.record(report.ResourceCategories),
    });
    this.#count += 1;
  }

  /**
   * The site's model. Each account's page is made when it is asked for, so a caller
   * writing them one by one holds one at a time.
   *
   * @param top how many accounts the ranking of drops keeps
   */
  build(formula: PercentFormula, title: string, top = 10): SiteModel {
    const severities = [
      ...severityOrder,
      ...[...this.#severities].filter((one) => !severityOrder.includes(one)).sort(),
    ];
    const bySeverity = (counts: readonly SeverityCount[]): number[] =>
      severities.map((severity) => counts.find((count) => count.severity === severity)?.count ?? 0);
    const entries = [...this.#series.entries()]
      .map(([key, series]) => ({ key, series, ordered: orderScans(series.scans).scans }))
      .sort((a, b) => compareIds(a.series, b.series));
    const everyScan = entries.flatMap((entry) => entry.ordered);
    const latestScan = orderScans(everyScan).scans.at(-1);
    const latestFolder = latestScan === undefined ? '' : dirname(latestScan.source);
    const percentOf = (figures: Figures): number | null => (hasPercent(formula, figures) ? figures.percent : null);
    const accounts = entries.map(({ key, series, ordered }): SiteAccount => {
      const last = ordered.at(-1) as KeptScan;
      const before = ordered.at(-2);
      const now = percentOf(last.figures);
      const then = before === undefined ? null : percentOf(before.figures);
      return {
        key,
        accountId: series.accountId,
        accountName: series.names.accountName,
        connector: series.names.connector,
        benchmarkId: series.benchmarkId,
        benchmarkName: series.names.benchmarkName,
        lastScan: last.scanDate,
        percent: now,
        change: now === null || then === null ? null : now - then,
        red: last.figures.red,
        amber: last.figures.amber,
        redBySeverity: bySeverity(last.redBySeverity),
        scans: ordered.length,
        lost: !ordered.some((scan) => dirname(scan.source) === latestFolder),
      };
    });
    const dated: DatedScan[] = entries.flatMap(({ ordered }, series) =>
      ordered.flatMap((scan) => {
        const time = scan.scanDate === null ? Number.NaN : Date.parse(scan.scanDate);
        return Number.isNaN(time) ? [] : [{ series, time, figures: scan.figures, redBySeverity: scan.redBySeverity }];
      }),
    );
    const days = fleetDays(dated, severities, formula);
    const latestTime = dated.reduce((latest, scan) => Math.max(latest, scan.time), Number.NEGATIVE_INFINITY);
    return {
      overview: {
        title,
        percentFormula: formula,
        severities,
        accounts: accounts.length,
        lost: accounts.filter((account) => account.lost).length,
        latest: Number.isFinite(latestTime) ? dayOf(latestTime) : null,
        days,
        groups: siteGroups(
          entries.map(({ ordered }) => (ordered.at(-1) as KeptScan).figures),
          accounts,
          formula,
        ),
        drops: rankDrops(accounts, top),
      },
      accounts,
      *details(): Iterable<SiteAccountDetail> {
        for (const { key, series, ordered } of entries) {
          const scans = ordered.map((scan): SiteScan => ({
            date: scan.scanDate,
            jobId: scan.jobId,
            percent: percentOf(scan.figures),
            green: scan.figures.green,
            amber: scan.figures.amber,
            red: scan.figures.red,
            gray: scan.figures.gray,
            other: scan.figures.other,
            redBySeverity: bySeverity(scan.redBySeverity),
          }));
          yield { key, scans, policies: series.policies.follow(ordered.map((scan) => scan.colours)) };
        }
      },
    };
  }
}

function names(analysed: AnalysedReport): Series['names'] {
  const { report } = analysed;
  return { accountName: report.AccountName, benchmarkName: report.BenchmarkName, connector: report.ConnectorType };
}

function compareIds(a: Series, b: Series): number {
  const byAccount = a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0;
  return byAccount || (a.benchmarkId < b.benchmarkId ? -1 : a.benchmarkId > b.benchmarkId ? 1 : 0);
}
