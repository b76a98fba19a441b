import { FleetBuilder, seriesKey } from '../analyse/trend/fleet-builder.js';
import { isChosen, pickReport } from '../analyse/trend/pick-report.js';
import { ScanExceptions, type ScanJudgement } from '../analyse/trend/scan-exceptions.js';
import { TrendBuilder } from '../analyse/trend/trend-builder.js';
import { CspmError, isCspmError } from '../error/cspm-error.js';
import type { AnalysedReport, AnalysedSource, PercentFormula } from '../model/analysis.js';
import type { FleetTrend } from '../model/fleet-trend.js';
import type { Trend } from '../model/trend.js';
import type { RunExceptions } from './exceptions/read-exceptions.js';
import type { TrendScansOptions } from './trend-scans.js';

/**
 * What a run builds while it reads: the one-account trend for as long as the scans are
 * of one account and benchmark, and every report's figures by account and benchmark, so
 * that scans of many accounts make a fleet's series instead of a refusal.
 */
export class TrendParts {
  #trend: TrendBuilder | null;
  readonly #fleet: FleetBuilder | null;
  /** True when a folder of many accounts may hold files of others than the one chosen. */
  readonly #chooseInFolders: boolean;
  /** What a trend of one account would have refused first: thrown unless the inputs make a fleet. */
  #refusal: CspmError | null = null;
  /** The run's exceptions, judged on each scan as it is added; null without exceptions. */
  readonly #exceptions: ScanExceptions | null;

  /**
   * @param fleet build a fleet's series when the inputs hold many accounts
   * @param exceptions the run's exceptions, when it was given any
   */
  constructor(
    private readonly options: TrendScansOptions,
    fleet: boolean,
    exceptions?: RunExceptions,
  ) {
    this.#exceptions =
      exceptions === undefined
        ? null
        : new ScanExceptions(exceptions.files, exceptions.exceptions, {
            ...(options.today === undefined ? {} : { today: options.today }),
            ...(options.expiryWarningDays === undefined ? {} : { expiryWarningDays: options.expiryWarningDays }),
          });
    this.#trend = new TrendBuilder(options.allowMismatch === true);
    // A chosen account or benchmark, or scans mixed on purpose, make one trend, as they always did.
    const oneTrend =
      !fleet || options.allowMismatch === true || options.account !== undefined || options.benchmark !== undefined;
    this.#fleet = oneTrend ? null : new FleetBuilder();
    this.#chooseInFolders = fleet && (options.account !== undefined || options.benchmark !== undefined);
  }

  /** The key a repeated JobId is looked up by: the account and benchmark's in a possible fleet. */
  seriesOf(analysed: AnalysedReport): string {
    return this.#fleet === null
      ? ''
      : seriesKey({ accountId: analysed.report.AccountId, benchmarkId: analysed.report.BenchmarkId });
  }

  /**
   * The reports of one file the run counts: one picked, or every report when they may
   * make a fleet. A file found in a folder (`listed`) that holds no report of the
   * account or benchmark chosen is another account's: none of it counts.
   */
  reportsOf(source: AnalysedSource, listed: boolean): readonly AnalysedReport[] {
    if (this.#fleet !== null) return source.reports;
    if (this.#chooseInFolders && listed && !source.reports.some((analysed) => isChosen(analysed, this.options)))
      return [];
    return [pickReport(source.source, source.reports, this.options)];
  }

  /** Adds the reports of one file, less those read before. */
  add(source: string, reports: readonly AnalysedReport[]): void {
    // Each report judged once, on its scan's day, whether it goes to the trend, the fleet or both.
    const judged = new Map<AnalysedReport, ScanJudgement | undefined>(
      reports.map((analysed) => [analysed, this.#exceptions?.judge(source, analysed)]),
    );
    if (this.#fleet === null) {
      for (const analysed of reports) this.#trend?.add(source, analysed, judged.get(analysed));
      return;
    }
    for (const analysed of reports) this.#fleet.add(source, analysed, judged.get(analysed));
    if (this.#trend === null) return;
    try {
      const picked = pickReport(source, reports, this.options);
      this.#trend.add(source, picked, judged.get(picked));
    } catch (error) {
      if (!isCspmError(error)) throw error;
      this.#refusal = error;
      this.#trend = null;
    }
  }

  /**
   * The trend of one account, or the fleet's series when at least two accounts (or
   * benchmarks) have two scans or more: a lone scan of another account is a mistake more
   * often than a fleet, and is refused as it always was.
   */
  build(formula: PercentFormula, top: number): { trend: Trend } | { fleet: FleetTrend } {
    const exceptions = this.#exceptions;
    if (this.#trend !== null) {
      const trend = this.#trend.build(formula, top);
      const latest = this.#trend.latestJudgement(trend.order);
      return {
        trend:
          exceptions === null || latest === undefined ? trend : { ...trend, exceptions: exceptions.record([latest]) },
      };
    }
    if (this.#fleet !== null && this.#fleet.seriesWith(2) >= 2) {
      const fleet = this.#fleet.build(formula, top);
      return {
        fleet:
          exceptions === null ? fleet : { ...fleet, exceptions: exceptions.record(this.#fleet.latestJudgements()) },
      };
    }
    const refusal = this.#refusal as CspmError;
    // Said here, where it is known: what would have made a fleet of these inputs.
    throw Object.assign(refusal, {
      message: `${refusal.message} (a trend of many accounts needs two scans or more of at least two of them)`,
    });
  }
}
