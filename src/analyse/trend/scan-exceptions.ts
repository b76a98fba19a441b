import type { AnalysedReport } from '../../model/analysis.js';
import type { ExceptionOutcome, ExceptionState, ExceptionsFile, RiskException } from '../../model/exceptions.js';
import type { TrendExceptions } from '../../model/trend.js';
import { dayNumber, dayOf, dayText } from '../../text/calendar-day.js';
import { exceptionsRecord } from '../exceptions/exceptions-record.js';
import { judgeExceptions } from '../exceptions/judge-exceptions.js';
import { exceptionWarnings } from './exception-warnings.js';

/** What the exceptions did to one scan of a trend, judged on the scan's day. */
export interface ScanJudgement {
  /** The distinct Red and Amber policies of the scan accepted. */
  accepted: number;
  /** Each exception's state on that scan, in file order. */
  outcomes: ExceptionOutcome[];
  /** The scan's day, `YYYY-MM-DD`. */
  day: string;
}

/** How a trend judges its exceptions. */
export interface ScanExceptionsOptions {
  /** The run's day: the day of a scan that states no readable LastScannedDate. By default now. */
  today?: Date;
  /** An exception this many days or fewer from its expiry is expiring (30 by default). */
  expiryWarningDays?: number;
}

/**
 * A trend's exceptions, judged on each scan as it is read, on the day of that scan: an
 * exception approved after a scan, or past its expiry on the scan's day, did not apply to
 * it. Only each scan's count and the ids that ever applied are kept, so memory stays flat
 * however many scans are read.
 */
export class ScanExceptions {
  readonly #applied = new Set<string>();
  readonly #today: Date;

  constructor(
    private readonly files: readonly ExceptionsFile[],
    private readonly exceptions: readonly RiskException[],
    private readonly options: ScanExceptionsOptions = {},
  ) {
    // One instant for every scan without a date, so that a run across midnight judges them alike.
    this.#today = options.today ?? new Date();
  }

  /** Judges the exceptions on one scan's report, on its day. */
  judge(source: string, analysed: AnalysedReport): ScanJudgement {
    const stated = analysed.report.LastScannedDate;
    const time = typeof stated === 'string' ? Date.parse(stated) : Number.NaN;
    const when = Number.isNaN(time) ? this.#today : new Date(time);
    const day = dayOf(when);
    // Not yet approved on the scan's day: it did not apply then, whatever it would match.
    const approved = this.exceptions.filter((exception) => (dayNumber(exception.approved) ?? Infinity) <= day);
    const judged = judgeExceptions({ sources: [{ source, reports: [analysed] }] }, approved, {
      ...this.options,
      today: when,
    });
    const byId = new Map(judged.map((outcome) => [outcome.exception.id, outcome]));
    const outcomes = this.exceptions.map(
      (exception): ExceptionOutcome =>
        byId.get(exception.id) ?? {
          exception,
          state: 'unused',
          daysLeft: (dayNumber(exception.expires) ?? Number.NEGATIVE_INFINITY) - day,
          matches: [],
          accepted: [],
        },
    );
    const policies = new Set<string>();
    for (const outcome of outcomes) {
      if (outcome.accepted.length > 0) this.#applied.add(outcome.exception.id);
      for (const match of outcome.accepted) policies.add(match.pointer);
    }
    return { accepted: policies.size, outcomes, day: dayText(day) };
  }

  /**
   * The trend's record of its exceptions: the states of the latest scan (of each series, for a fleet: an exception
   * takes the state that asks most of a reader, expired first), and the ids that accepted a policy in any scan.
   *
   * @param latest the judgement of the latest scan, or of each series' latest: one at least
   */
  record(latest: readonly ScanJudgement[]): TrendExceptions {
    const outcomes = this.exceptions.map((exception, index) =>
      mergeOutcomes(
        exception,
        latest.map((judgement) => judgement.outcomes[index] as ExceptionOutcome),
      ),
    );
    // Days as YYYY-MM-DD sort as text: the last is the latest.
    const judgedOn = String(
      latest
        .map((judgement) => judgement.day)
        .sort()
        .at(-1),
    );
    const record = exceptionsRecord({ files: this.files, outcomes, judgedOn });
    return {
      ...record,
      applied: this.exceptions.filter((exception) => this.#applied.has(exception.id)).map((exception) => exception.id),
      judgedOn,
      warnings: exceptionWarnings(record, judgedOn),
    };
  }
}

/** From the state a reader must act on first to the one that asks least; an exception in none of them is unused. */
const precedence: readonly ExceptionState[] = ['expired', 'expiring', 'active', 'unneeded'];

/** One exception's outcomes on several scans as one: the most pressing state, the fewest days left, every match. */
function mergeOutcomes(exception: RiskException, outcomes: readonly ExceptionOutcome[]): ExceptionOutcome {
  const state = precedence.find((one) => outcomes.some((outcome) => outcome.state === one)) ?? 'unused';
  return {
    exception,
    state,
    daysLeft: Math.min(...outcomes.map((outcome) => outcome.daysLeft)),
    matches: outcomes.flatMap((outcome) => outcome.matches),
    accepted: outcomes.flatMap((outcome) => outcome.accepted),
  };
}
