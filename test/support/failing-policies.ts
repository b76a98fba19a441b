import type { BenchmarkReport, Policy } from '../../src/index.js';
import { minimalReport, policy } from './minimal-report.js';

/** What one policy of a generated report is: its Severity, and whether it passes, fails wholly or in part. */
export interface PolicyShape {
  severity: string;
  compliance: 'Green' | 'Red' | 'Amber' | 'Gray';
  /** A ShortTitle of its own; by default the generated one. */
  title?: string;
}

const counts = { Green: [2, 2], Red: [0, 2], Amber: [1, 2], Gray: [0, 0] } as const;

/**
 * A valid report of `count` policies in one category, each shaped by `shape(index)`,
 * with the category's counts and percent made to agree, so that it checks clean at
 * any size: large SARIF logs from a report the pipeline accepts.
 */
export function reportOfPolicies(
  count: number,
  shape: (index: number) => PolicyShape,
  jobId = 'a1b2c3d4-0000-4000-8000-000000000004',
): BenchmarkReport {
  const report = minimalReport();
  report.JobId = jobId;
  const category = report.ResourceCategories[0]!;
  const tally = { Green: 0, Red: 0, Amber: 0, Gray: 0 };
  const policies: Policy[] = new Array<Policy>(count);
  for (let index = 0; index < count; index += 1) {
    const { severity, compliance, title } = shape(index);
    const [passed, total] = counts[compliance];
    tally[compliance] += 1;
    policies[index] = policy(`Policy${index}`, `1000.${index + 1}`, passed, total, {
      Severity: severity,
      ...(title === undefined ? {} : { ShortTitle: title }),
    });
  }
  const assessed = count - tally.Gray;
  Object.assign(category, {
    ...tally,
    Total: count,
    Policies: policies,
    CompliancePercent: assessed === 0 ? 0 : Math.round((tally.Green / assessed) * 10_000) / 100,
  });
  report.ResourceCategories = [category];
  return report;
}
