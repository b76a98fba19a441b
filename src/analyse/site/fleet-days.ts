import type { PercentFormula, SeverityCount } from '../../model/analysis.js';
import type { SiteFleetDay } from '../../model/site.js';
import { computePercent, hasPercent, type PercentInputs } from '../percent-formulas.js';

/** One dated scan of a series, as the fleet's days pool it. */
export interface DatedScan {
  series: number;
  /** Milliseconds since the epoch. */
  time: number;
  figures: PercentInputs;
  redBySeverity: readonly SeverityCount[];
}

const inputNames = ['total', 'green', 'gray', 'passedResources', 'totalResources'] as const;

function emptyInputs(): PercentInputs {
  return { total: 0, green: 0, gray: 0, passedResources: 0, totalResources: 0 };
}

/**
 * The fleet day by day: on each day some account was scanned, every account's latest
 * scan on or before it, pooled (their policies summed, then the percent of the sum by
 * the formula in force, as the fleet roll-up does). An account scanned weekly still
 * counts on the days between, as it stood then; one scan replaces the one before.
 */
export function fleetDays(
  scans: readonly DatedScan[],
  severities: readonly string[],
  formula: PercentFormula,
): SiteFleetDay[] {
  const ordered = [...scans].sort((a, b) => a.time - b.time);
  const current = new Map<number, DatedScan>();
  const sums = emptyInputs();
  const reds = severities.map(() => 0);
  const position = new Map(severities.map((severity, at) => [severity, at]));
  const apply = (scan: DatedScan, sign: 1 | -1): void => {
    for (const name of inputNames) sums[name] += sign * scan.figures[name];
    for (const { severity, count } of scan.redBySeverity) {
      const at = position.get(severity);
      if (at !== undefined) reds[at] = (reds[at] ?? 0) + sign * count;
    }
  };
  const days: SiteFleetDay[] = [];
  ordered.forEach((scan, at) => {
    const before = current.get(scan.series);
    if (before !== undefined) apply(before, -1);
    apply(scan, 1);
    current.set(scan.series, scan);
    const day = dayOf(scan.time);
    const next = ordered[at + 1];
    if (next !== undefined && dayOf(next.time) === day) return;
    days.push({
      date: day,
      percent: hasPercent(formula, sums) ? computePercent(formula, sums) : null,
      accounts: current.size,
      redBySeverity: [...reds],
    });
  });
  return days;
}

/** `YYYY-MM-DD` of a time, in UTC: one day the same for every reader of the site. */
export function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
