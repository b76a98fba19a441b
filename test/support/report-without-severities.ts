import { minimalReport, policy } from './minimal-report.js';

/** One report of `count` policies in one category, each without its Severity: a schema error each. */
export function reportWithoutSeverities(count: number): string {
  const report = minimalReport();
  // Undefined, which JSON leaves out, not deleted: 130,000 objects with a deleted key
  // (each in dictionary mode) took a second longer to write.
  const policies = Array.from({ length: count }, (_, index) => ({
    ...policy(`P${index}`, `1000.${index + 1}`, 1, 1),
    Severity: undefined,
  }));
  report.ResourceCategories = [
    {
      ...report.ResourceCategories[0]!,
      Total: count,
      Green: count,
      Red: 0,
      Amber: 0,
      Gray: 0,
      CompliancePercent: 100,
      Policies: policies as never,
    },
  ];
  return JSON.stringify([report]);
}
