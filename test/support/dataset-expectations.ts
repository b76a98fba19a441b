import { readFileSync } from 'node:fs';
import type { BenchmarkReport } from '../../src/model/report.js';

/** The benchmark reports of a JSON file as the service writes it: an envelope, an array, or one report. */
export function reportsOfFile(path: string): BenchmarkReport[] {
  const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  return reportsOfValue(value);
}

/** The benchmark reports of a parsed value: an envelope, an array, or one report. */
export function reportsOfValue(value: unknown): BenchmarkReport[] {
  const inner =
    value !== null && typeof value === 'object' && 'result' in value ? (value as { result: unknown }).result : value;
  return (Array.isArray(inner) ? inner : [inner]) as BenchmarkReport[];
}

/** What the `policies` table of these reports must hold, counted from the JSON itself. */
export function expectedPolicyTotals(reports: readonly BenchmarkReport[]): {
  rows: number;
  passed: number;
  total: number;
  red: number;
  titles: string[];
} {
  const policies = reports.flatMap((report) => report.ResourceCategories.flatMap((category) => category.Policies));
  return {
    rows: policies.length,
    passed: policies.reduce((sum, policy) => sum + policy.PassedResourceCount, 0),
    total: policies.reduce((sum, policy) => sum + policy.TotalResourceCount, 0),
    red: policies.filter((policy) => policy.Compliance === 'Red').length,
    titles: policies.map((policy) => policy.ShortTitle),
  };
}

/**
 * The category rows the `figures` table must hold: id, policies and Green count of each category, recounted from the
 * JSON.
 */
export function expectedCategoryFigures(
  reports: readonly BenchmarkReport[],
): { category_id: string; policies: number; green: number; red: number }[] {
  return reports.flatMap((report) =>
    report.ResourceCategories.map((category) => ({
      category_id: category.CategoryId,
      policies: category.Policies.length,
      green: category.Policies.filter((policy) => policy.Compliance === 'Green').length,
      red: category.Policies.filter((policy) => policy.Compliance === 'Red').length,
    })),
  );
}
