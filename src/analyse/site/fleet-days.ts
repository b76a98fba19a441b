import type { PercentFormula, SeverityCount } from '../../model/analysis.js';
import type { SiteFleetDay } from '../../model/site.js';
import { computePercent, hasPercent, type PercentInputs } from '../percent-formulas.js';
import { dayOf as calendarDay, dayText } from '../../text/calendar-day.js';

/** One dated scan of an account, as the fleet's days pool it. */
export interface DatedScan {
  /** Milliseconds since the epoch. */
  time: number;
  figures: PercentInputs;
  redBySeverity: readonly SeverityCount[];
}

const inputNames = ['total', 'green', 'gray', 'passedResources', 'totalResources'] as const;

/** What one day changes in the fleet's sums: the inputs of the percent, Red by severity, and accounts. */
interface DayChange {
  inputs: PercentInputs;
  reds: Map<string, number>;
  accounts: number;
}

/**
 * The fleet day by day: on each day some account was scanned, every account's latest
 * scan on or before it, pooled (their policies summed, then the percent of the sum by
 * the formula in force, as the fleet roll-up does). An account scanned weekly still
 * counts on the days between, as it stood then; one scan replaces the one before.
 *
 * Each account's scans are added at once, in order, as what they change on their days
 * (a scan minus the one before it): the sums of the days are those changes added up, so
 * memory holds a record per day, never one per scan.
 */
export class FleetDays {
  readonly #days = new Map<string, DayChange>();

  /** Adds one account's dated scans, in the order they were made. */
  addAccount(scans: readonly DatedScan[]): void {
    let before: DatedScan | undefined;
    for (const scan of scans) {
      const change = this.#dayOf(dayOf(scan.time));
      if (before === undefined) change.accounts += 1;
      else this.#apply(change, before, -1);
      this.#apply(change, scan, 1);
      before = scan;
    }
  }

  /** The days, oldest first, Red counted by `severities` in their order. */
  days(formula: PercentFormula, severities: readonly string[]): SiteFleetDay[] {
    const sums: PercentInputs = { total: 0, green: 0, gray: 0, passedResources: 0, totalResources: 0 };
    const reds = severities.map(() => 0);
    let accounts = 0;
    return [...this.#days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, change]) => {
        for (const name of inputNames) sums[name] += change.inputs[name];
        severities.forEach((severity, at) => (reds[at] = (reds[at] ?? 0) + (change.reds.get(severity) ?? 0)));
        accounts += change.accounts;
        return {
          date,
          percent: hasPercent(formula, sums) ? computePercent(formula, sums) : null,
          accounts,
          redBySeverity: [...reds],
        };
      });
  }

  #dayOf(date: string): DayChange {
    let change = this.#days.get(date);
    if (change === undefined) {
      change = {
        inputs: { total: 0, green: 0, gray: 0, passedResources: 0, totalResources: 0 },
        reds: new Map(),
        accounts: 0,
      };
      this.#days.set(date, change);
    }
    return change;
  }

  #apply(change: DayChange, scan: DatedScan, sign: 1 | -1): void {
    for (const name of inputNames) change.inputs[name] += sign * scan.figures[name];
    for (const { severity, count } of scan.redBySeverity)
      change.reds.set(severity, (change.reds.get(severity) ?? 0) + sign * count);
  }
}

/** `YYYY-MM-DD` of a time, in UTC: one day the same for every reader of the site. */
export function dayOf(time: number): string {
  return dayText(calendarDay(new Date(time)));
}
