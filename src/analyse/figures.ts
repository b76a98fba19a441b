import type { Figures, PercentFormula } from '../model/analysis.js';
import type { Policy } from '../model/report.js';
import { computePercent } from './percent-formulas.js';

/** Counts without the percent, which depends on the formula in force. */
export type Counts = Omit<Figures, 'percent'>;

/**
 * Resources that failed a policy, summed over the policies: never below zero, as a report
 * whose passed count exceeds its total (a finding of the check) still ranks and prints.
 */
export function failingResourcesOf(counts: Pick<Counts, 'passedResources' | 'totalResources'>): number {
  return Math.max(0, counts.totalResources - counts.passedResources);
}

/** Zero of every count. */
export function emptyCounts(): Counts {
  return { total: 0, green: 0, red: 0, amber: 0, gray: 0, other: 0, passedResources: 0, totalResources: 0 };
}

/** Policies by Severity of the failing colours: Red, Amber, and a Compliance outside the observed set. */
export interface FailingBySeverity {
  red: Map<string, number>;
  amber: Map<string, number>;
  other: Map<string, number>;
}

function countSeverity(counts: Map<string, number>, severity: string): void {
  counts.set(severity, (counts.get(severity) ?? 0) + 1);
}

/**
 * Counts the policies by colour, sums their resources and counts the failing ones by
 * Severity into `bySeverity`. One pass, no allocation per policy: it runs over every
 * policy of reports that can hold hundreds of thousands.
 */
export function countPolicies(policies: readonly Policy[], bySeverity: FailingBySeverity): Counts {
  const counts = emptyCounts();
  for (const policy of policies) {
    addPolicy(counts, policy);
    const colour = policy.Compliance;
    if (colour === 'Red') countSeverity(bySeverity.red, policy.Severity);
    else if (colour === 'Amber') countSeverity(bySeverity.amber, policy.Severity);
    else if (colour !== 'Green' && colour !== 'Gray') countSeverity(bySeverity.other, policy.Severity);
  }
  return counts;
}

function addPolicy(counts: Counts, policy: Policy): void {
  counts.total += 1;
  switch (policy.Compliance) {
    case 'Green':
      counts.green += 1;
      break;
    case 'Red':
      counts.red += 1;
      break;
    case 'Amber':
      counts.amber += 1;
      break;
    case 'Gray':
      counts.gray += 1;
      break;
    default:
      counts.other += 1;
  }
  counts.passedResources += policy.PassedResourceCount;
  counts.totalResources += policy.TotalResourceCount;
}

/** Adds `more` into `into` and returns it. */
export function addCounts(into: Counts, more: Counts): Counts {
  into.total += more.total;
  into.green += more.green;
  into.red += more.red;
  into.amber += more.amber;
  into.gray += more.gray;
  into.other += more.other;
  into.passedResources += more.passedResources;
  into.totalResources += more.totalResources;
  return into;
}

/** Counts completed with the percent by `formula`. */
export function withPercent(counts: Counts, formula: PercentFormula): Figures {
  const { total, green, red, amber, gray, other, passedResources, totalResources } = counts;
  return {
    total,
    green,
    red,
    amber,
    gray,
    other,
    passedResources,
    totalResources,
    percent: computePercent(formula, counts),
  };
}
