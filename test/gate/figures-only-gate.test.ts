import { describe, expect, it } from 'vitest';
import { type BenchmarkReport, type RulesFileAssertion } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { evaluateGate } from '../../src/gate/evaluate-gate.js';
import { parseGateRules } from '../../src/gate/parse-gate-rules.js';
import { analyseFiles } from '../../src/jobs/analyse-files.js';
import { namedCategories, namedPolicies } from '../../src/jobs/gate-reports.js';
import { minimalReport } from '../support/minimal-report.js';

/** A second account whose storage policy is Red and whose network category is Gray. */
function second(): BenchmarkReport {
  const report = minimalReport();
  report.AccountId = 'b2c3d4e5-0000-4000-8000-000000000002';
  report.AccountName = 'Fabrikam';
  report.JobId = 'b2c3d4e5-0000-4000-8000-000000000012';
  for (const category of report.ResourceCategories) for (const policy of category.Policies) policy.Compliance = 'Red';
  return report;
}

const assertions: RulesFileAssertion[] = [
  { name: 'each policy', metric: 'policy', policy: 'NsgSsh', mustNotBe: 'Red' },
  { name: 'all policy', metric: 'policy', policy: 'NsgSsh', mustBe: 'Green', aggregate: 'all' },
  { name: 'missing policy', metric: 'policy', policy: 'NoSuchPolicy', mustNotBe: 'Red' },
  { name: 'storage high', metric: 'redPolicies', severity: 'High', category: 'AZ_STORAGE', max: 0 },
  {
    name: 'storage amber',
    metric: 'amberPolicies',
    severity: 'High',
    category: 'AZ_STORAGE',
    max: 0,
    aggregate: 'all',
  },
  { name: 'no such category', metric: 'failingPolicies', category: 'AZ_NONE', max: 0 },
  { name: 'fleet failing', metric: 'failingPolicies', aggregate: 'all', max: 3 },
  { name: 'fleet percent', metric: 'compliancePercent', aggregate: 'all', min: 50 },
  { name: 'high red', metric: 'redPolicies', severity: 'High', max: 0 },
  { name: 'errors', metric: 'findings', severity: 'error', max: 0 },
];

describe('a gate on figures only (check and gate of many files)', () => {
  it('gives every result a gate on whole reports gives: policies, categories, severities, the fleet', async () => {
    const inputs = [minimalReport(), second()].map((report, index) => ({ value: report, name: `r${index + 1}.json` }));
    const rules = parseGateRules(JSON.stringify({ assertions }), 'rules.json');
    const whole = evaluateGate(await analyseInputs(inputs), rules);
    const figures = await analyseFiles(inputs, {
      keep: { policyIds: namedPolicies(rules), categories: namedCategories(rules) },
    });
    for (const category of figures.sources.flatMap((source) => source.reports.flatMap((report) => report.categories)))
      expect(category.category.Policies).toEqual([]);
    expect(evaluateGate(figures, rules)).toEqual(whole);
    expect(whole.assertions.some((result) => !result.passed)).toBe(true);
    expect(whole.assertions.some((result) => result.passed)).toBe(true);
  });
});
