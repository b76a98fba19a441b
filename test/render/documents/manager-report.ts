import type { BenchmarkReport, Policy, ResourceCategory } from '../../../src/index.js';
import { minimalReport, policy } from '../../support/minimal-report.js';

/** Policies of one colour and severity: `count` of them, each of 3 resources. */
function many(prefix: string, count: number, colour: 'Green' | 'Red' | 'Amber' | 'Gray', Severity: string): Policy[] {
  const [passed, total] = { Green: [3, 3], Red: [0, 3], Amber: [1, 3], Gray: [0, 0] }[colour];
  return Array.from({ length: count }, (_, index) =>
    policy(
      `${prefix}-${colour}-${Severity}-${index + 1}`,
      `${prefix}.${colour[0]!}${Severity[0]!}${index + 1}`,
      passed!,
      total!,
      { Severity },
    ),
  );
}

/** A category whose stated counts and percent follow from its policies. */
function category(order: number, CategoryName: string, policies: Policy[]): ResourceCategory {
  const count = (colour: string): number => policies.filter((entry) => entry.Compliance === colour).length;
  const assessed = policies.length - count('Gray');
  return {
    CategoryName,
    ControlCategoryOrder: order,
    CategoryId: `C${order}`,
    Total: policies.length,
    Green: count('Green'),
    Red: count('Red'),
    Amber: count('Amber'),
    Gray: count('Gray'),
    CompliancePercent: assessed === 0 ? 0 : (count('Green') / assessed) * 100,
    Policies: policies,
  };
}

/**
 * A report shaped as a security manager saw the service's published sample: Key
 * Management (0 Green of 4 assessed: 3 Red, 1 Amber), Fundamentals (0 of 8) and BC/DR
 * (0 of 2) at 0 %, Security Center with 6 Green of 121 assessed, 115 Red weighted 339,
 * six clean categories, and two categories with nothing assessed: 321 policies, 174 of
 * them (54.2 %) Gray, so that fewer than half were assessed.
 */
export function managerReport(): BenchmarkReport {
  const report = minimalReport();
  report.ResourceCategories = [
    category(1, 'Azure - Key Management', [...many('KM', 3, 'Red', 'Moderate'), ...many('KM', 1, 'Amber', 'High')]),
    category(2, 'Azure - Fundamentals', many('FU', 8, 'Red', 'VeryLow')),
    category(3, 'Azure - Business continuity and DR', many('BC', 2, 'Red', 'Low')),
    // 30 High, 49 Moderate, 36 Low: 115 Red weighing 120 + 147 + 72 = 339.
    category(4, 'Azure - Security Center', [
      ...many('SC', 6, 'Green', 'High'),
      ...many('SC', 30, 'Red', 'High'),
      ...many('SC', 49, 'Red', 'Moderate'),
      ...many('SC', 36, 'Red', 'Low'),
      ...many('SC', 9, 'Gray', 'Low'),
    ]),
    ...['Storage', 'Networking', 'Databases', 'Compute (PaaS)', 'Data Lake', 'Logic Apps'].map((name, index) =>
      category(5 + index, `Azure - ${name}`, many(`G${index}`, 2, 'Green', 'High')),
    ),
    category(11, 'Azure - Kubernetes & Containers', many('KU', 5, 'Gray', 'High')),
    category(12, 'Windows 2016 - Security Options', many('WS', 160, 'Gray', 'Moderate')),
  ];
  return report;
}

/** The manager's report as an input of analyseInputs. */
export const managerInput = (): { value: unknown; name: string } => ({
  value: [managerReport()],
  name: 'manager.json',
});

/** Runs `make` once and hands every later caller the same promise: a file renders each document once. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
