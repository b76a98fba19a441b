import { addCounts, emptyCounts, type Counts } from '../analyse/figures.js';
import { sameRank } from '../model/observed-values.js';
import type { SeverityCount } from '../model/analysis.js';
import { countAccepted } from './accepted-scope.js';
import { isWholeReport, type ScopedReport } from './gate-metric.js';

/** The recomputed counts of the categories in scope, summed over the reports. */
export function sumFigures(reports: readonly ScopedReport[]): Counts {
  const sum = emptyCounts();
  for (const scoped of reports) {
    // A whole report's figures are already summed; categories only when narrowed.
    const parts = isWholeReport(scoped) ? [scoped.report] : scoped.categories;
    for (const { figures } of parts) addCounts(sum, figures);
  }
  return sum;
}

/**
 * Policies in scope whose Compliance is one of `colours`, of one Severity when given.
 * It fails closed on values outside the observed sets: a policy of an unknown
 * Compliance counts as Red, and an unknown Severity counts as Critical (the spelling of
 * known ones was folded at load). Without a severity the figures answer, and for a
 * whole report the analysis's counts by Severity; only a narrowed scope (some
 * categories) counts its policies. Policies an exception in force accepts are left out:
 * they are counted apart (acceptedPolicies), never as passing.
 */
export function countColours(
  reports: readonly ScopedReport[],
  colours: readonly ('Red' | 'Amber')[],
  severity: string | undefined,
): number {
  return countScanned(reports, colours, severity) - countAccepted(reports, colours, severity);
}

/** The policies in scope of `colours` as the scan said, accepted or not (see countColours). */
function countScanned(
  reports: readonly ScopedReport[],
  colours: readonly ('Red' | 'Amber')[],
  severity: string | undefined,
): number {
  const red = colours.includes('Red');
  const amber = colours.includes('Amber');
  if (severity === undefined) {
    const sum = sumFigures(reports);
    return (red ? sum.red + sum.other : 0) + (amber ? sum.amber : 0);
  }
  let count = 0;
  for (const scoped of reports) {
    const { report, categories } = scoped;
    // Stryker disable next-line BlockStatement: counting a whole report's categories gives its counts by Severity; the
    // block only saves the count
    if (isWholeReport(scoped)) {
      if (red) count += countOfRank(report.redBySeverity, severity) + countOfRank(report.otherBySeverity, severity);
      if (amber) count += countOfRank(report.amberBySeverity, severity);
      continue;
    }
    for (const category of categories) {
      if (red) count += countOfRank(category.redBySeverity, severity) + countOfRank(category.otherBySeverity, severity);
      if (amber) count += countOfRank(category.amberBySeverity, severity);
    }
  }
  return count;
}

function countOfRank(counts: readonly SeverityCount[], severity: string): number {
  let count = 0;
  for (const entry of counts) if (sameRank(entry.severity, severity)) count += entry.count;
  return count;
}
