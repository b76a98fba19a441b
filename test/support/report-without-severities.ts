import type { Policy } from '../../src/index.js';
import { minimalReport, policy } from './minimal-report.js';

/** One report of `count` policies in one category, each without its Severity: a schema error each. */
export function reportWithoutSeverities(count: number): string {
  const report = minimalReport();
  const policies = Array.from({ length: count }, (_, index) => {
    const item: Partial<Policy> = policy(`P${index}`, `1000.${index + 1}`, 1, 1);
    delete item.Severity;
    return item;
  });
  report.ResourceCategories = [{ ...report.ResourceCategories[0]!, Total: count, Green: count, Red: 0, Amber: 0, Gray: 0, CompliancePercent: 100, Policies: policies as never }];
  return JSON.stringify([report]);
}
