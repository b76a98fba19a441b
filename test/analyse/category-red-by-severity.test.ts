import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AnalysedReport, type SeverityCount } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { minimalReport, policy } from '../support/minimal-report.js';

/** Counts by severity summed over lists, severity by severity. */
function sumBySeverity(lists: readonly SeverityCount[][]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const list of lists)
    for (const { severity, count } of list) sums.set(severity, (sums.get(severity) ?? 0) + count);
  return sums;
}

function expectCategoriesSumToReport(report: AnalysedReport): void {
  const summed = sumBySeverity(report.categories.map((category) => category.redBySeverity));
  expect(new Map(report.redBySeverity.map(({ severity, count }) => [severity, count]))).toEqual(summed);
  for (const { figures, redBySeverity } of report.categories)
    expect(redBySeverity.reduce((sum, entry) => sum + entry.count, 0)).toBe(figures.red);
}

const samples = readdirSync('samples')
  .filter((name) => name.endsWith('.json'))
  .sort();

describe('Red policies by Severity per category', () => {
  it.each(samples)("sum, category by category, to the report's in %s", async (sample) => {
    const analysis = await analyseInputs(join('samples', sample));
    const reports = analysis.sources.flatMap((source) => source.reports);
    expect(reports.length).toBeGreaterThan(0);
    // Samples with no Red policy would prove nothing of the counting.
    expect(reports.some((report) => report.figures.red > 0)).toBe(true);
    for (const report of reports) expectCategoriesSumToReport(report);
  });

  it("list the known severities worst first, zeros included, then the category's others by name", async () => {
    const report = minimalReport();
    const [storage, network] = report.ResourceCategories;
    storage!.Policies.push(
      policy('Zed', '1000.4', 0, 1, { Severity: 'Zulu' }),
      policy('Alpha', '1000.5', 0, 1, { Severity: 'Alpha' }),
    );
    network!.Policies.push(
      policy('Crit', '1100.3', 0, 2, { Severity: 'Critical' }),
      policy('Low', '1100.4', 0, 2, { Severity: 'Low' }),
    );
    const analysis = await analyseInputs({ value: report, name: 'severities.json' });
    const analysed = analysis.sources[0]!.reports[0]!;
    expect(analysed.categories.map((category) => category.redBySeverity)).toEqual([
      [
        { severity: 'Critical', count: 0 },
        { severity: 'High', count: 1 },
        { severity: 'Moderate', count: 0 },
        { severity: 'Low', count: 0 },
        { severity: 'VeryLow', count: 0 },
        { severity: 'Alpha', count: 1 },
        { severity: 'Zulu', count: 1 },
      ],
      [
        { severity: 'Critical', count: 1 },
        { severity: 'High', count: 0 },
        { severity: 'Moderate', count: 0 },
        { severity: 'Low', count: 1 },
        { severity: 'VeryLow', count: 0 },
      ],
    ]);
    expectCategoriesSumToReport(analysed);
  });
});
