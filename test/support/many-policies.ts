import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minimalReport, policy } from './minimal-report.js';

/**
 * Writes a valid report whose first category holds `count` passing policies, and returns its path: big outputs from
 * one input.
 */
export function writeManyPolicies(dir: string, count: number): string {
  const report = minimalReport();
  const category = report.ResourceCategories[0]!;
  category.Policies = Array.from({ length: count }, (_, index) => policy(`Policy${index}`, `1000.${index + 1}`, 2, 2));
  Object.assign(category, { Total: count, Green: count, Red: 0, Amber: 0, Gray: 0, CompliancePercent: 100 });
  const path = join(dir, 'many.json');
  writeFileSync(path, JSON.stringify(report));
  return path;
}
