import { addCounts, emptyCounts, type Counts } from '../analyse/figures.js';
import type { ScopedReport } from './gate-metric.js';

/** The recomputed counts of the categories in scope, summed over the reports. */
export function sumFigures(reports: readonly ScopedReport[]): Counts {
  const sum = emptyCounts();
  for (const { report, categories } of reports) {
    // A whole report's figures are already summed; categories only when narrowed.
    const parts = categories.length === report.categories.length ? [report] : categories;
    for (const { figures } of parts) addCounts(sum, figures);
  }
  return sum;
}

/**
 * Policies in scope whose Compliance is one of `colours`, of one Severity when given.
 * Without a severity the figures answer, and for a whole report the analysis's counts
 * by Severity; only a narrowed scope (some categories) counts its policies.
 */
export function countColours(reports: readonly ScopedReport[], colours: readonly ('Red' | 'Amber')[], severity: string | undefined): number {
  if (severity === undefined) {
    const sum = sumFigures(reports);
    return colours.reduce((count, colour) => count + (colour === 'Red' ? sum.red : sum.amber), 0);
  }
  let count = 0;
  for (const { report, categories } of reports) {
    if (categories.length === report.categories.length) {
      for (const colour of colours) {
        const bySeverity = colour === 'Red' ? report.redBySeverity : report.amberBySeverity;
        count += bySeverity.find((entry) => entry.severity === severity)?.count ?? 0;
      }
      continue;
    }
    for (const { category } of categories) {
      for (const policy of category.Policies) {
        if (policy.Severity === severity && (colours as readonly string[]).includes(policy.Compliance)) count += 1;
      }
    }
  }
  return count;
}
