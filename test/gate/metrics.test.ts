import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type BenchmarkReport, type RulesFileAssertion } from '../../src/index.js';
import { gateMetricNames } from '../../src/gate/metric-names.js';
import { gateMetrics } from '../../src/gate/metrics/gate-metrics.js';
import { readGateRulesSchema } from '../../src/validate/gate-rules-schema.js';
import { minimalReport, policy } from '../support/minimal-report.js';
import type { RiskException } from '../../src/model/exceptions.js';
import { exception, gate, only } from './support.js';

/**
 * The minimal report: Storage (AZ_STORAGE) holds StorageHttps Green, StorageKeys Red and
 * StorageLogs Gray; Network holds NsgRdp Green and NsgSsh Amber; every policy High.
 * Overall 2 Green of 4 assessed = 50 %, 4 of 5 assessed = 80 %.
 */
function warnedReport(): BenchmarkReport {
  const report = minimalReport();
  report.ResourceCategories[1]!.CompliancePercent = 12.5;
  return report;
}

/**
 * The minimal report a week earlier, when StorageKeys (High) was Green: against it the
 * minimal report has one regression, and 3 Green of 4 assessed (75 %) fell to 50 %.
 */
function lastWeek(): BenchmarkReport {
  const report = minimalReport();
  report.ResourceCategories[0]!.Policies.find((policy) => policy.PolicyId === 'StorageKeys')!.Compliance = 'Green';
  return report;
}

interface Case {
  name: string;
  assertion: RulesFileAssertion;
  report?: () => BenchmarkReport;
  /** The scan `--baseline` names, for the metrics that compare with one. */
  baseline?: () => BenchmarkReport;
  expected: { passed: boolean; actual: number | string | null; expected: string };
  /** How the message names what it measured, when not the metric alone: the severity it counts. */
  measured?: string;
  /** The run's exceptions (`--exceptions`), judged on 2026-12-01. */
  exceptions?: () => RiskException[];
  /** What the message adds after the bound: the exceptions counted. */
  detail?: string;
}

const cases: Case[] = [
  {
    name: 'compliancePercent at its min passes',
    assertion: { metric: 'compliancePercent', min: 50 },
    expected: { passed: true, actual: 50, expected: '>= 50' },
  },
  {
    name: 'compliancePercent below min fails',
    assertion: { metric: 'compliancePercent', min: 60 },
    expected: { passed: false, actual: 50, expected: '>= 60' },
  },
  {
    name: 'compliancePercent of a category by name',
    assertion: { metric: 'compliancePercent', category: 'Azure - Network', min: 50 },
    expected: { passed: true, actual: 50, expected: '>= 50' },
  },
  {
    name: 'compliancePercent of a category by id, above max',
    assertion: { metric: 'compliancePercent', category: 'AZ_STORAGE', max: 40 },
    expected: { passed: false, actual: 50, expected: '<= 40' },
  },
  {
    name: 'assessedPercent passes',
    assertion: { metric: 'assessedPercent', min: 80 },
    expected: { passed: true, actual: 80, expected: '>= 80' },
  },
  {
    name: 'assessedPercent fails',
    assertion: { metric: 'assessedPercent', min: 90 },
    expected: { passed: false, actual: 80, expected: '>= 90' },
  },
  {
    name: 'redPolicies within max',
    assertion: { metric: 'redPolicies', max: 1 },
    expected: { passed: true, actual: 1, expected: '<= 1' },
  },
  {
    name: 'redPolicies over max',
    assertion: { metric: 'redPolicies', max: 0 },
    expected: { passed: false, actual: 1, expected: '<= 0' },
  },
  {
    name: 'redPolicies of a severity with none',
    measured: 'redPolicies of Severity Critical',
    assertion: { metric: 'redPolicies', severity: 'Critical', max: 0 },
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'amberPolicies over max',
    assertion: { metric: 'amberPolicies', max: 0 },
    expected: { passed: false, actual: 1, expected: '<= 0' },
  },
  {
    name: 'amberPolicies of a severity',
    measured: 'amberPolicies of Severity High',
    assertion: { metric: 'amberPolicies', severity: 'High', max: 1 },
    expected: { passed: true, actual: 1, expected: '<= 1' },
  },
  {
    name: 'failingPolicies counts Red and Amber',
    assertion: { metric: 'failingPolicies', max: 2 },
    expected: { passed: true, actual: 2, expected: '<= 2' },
  },
  {
    name: 'failingPolicies over max',
    measured: 'failingPolicies of Severity High',
    assertion: { metric: 'failingPolicies', severity: 'High', max: 1 },
    expected: { passed: false, actual: 2, expected: '<= 1' },
  },
  {
    name: 'failingPolicies with min and max',
    assertion: { metric: 'failingPolicies', min: 3, max: 5 },
    expected: { passed: false, actual: 2, expected: '>= 3 and <= 5' },
  },
  {
    name: 'policy mustBe Green passes',
    assertion: { metric: 'policy', policy: 'StorageHttps', mustBe: 'Green' },
    expected: { passed: true, actual: 'Green', expected: 'Green' },
  },
  {
    name: 'policy mustBe Green fails on Red',
    assertion: { metric: 'policy', policy: 'StorageKeys', mustBe: 'Green' },
    expected: { passed: false, actual: 'Red', expected: 'Green' },
  },
  {
    name: 'policy mustNotBe Red fails',
    assertion: { metric: 'policy', policy: 'StorageKeys', mustNotBe: 'Red' },
    expected: { passed: false, actual: 'Red', expected: 'not Red' },
  },
  {
    name: 'policy mustNotBe Red passes on Amber',
    assertion: { metric: 'policy', policy: 'NsgSsh', mustNotBe: 'Red' },
    expected: { passed: true, actual: 'Amber', expected: 'not Red' },
  },
  {
    name: 'findings of a clean report',
    assertion: { metric: 'findings', max: 0 },
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'findings counts a warning',
    assertion: { metric: 'findings', max: 0 },
    report: warnedReport,
    expected: { passed: false, actual: 1, expected: '<= 0' },
  },
  {
    name: 'findings of severity error skip warnings',
    measured: 'findings of severity error',
    assertion: { metric: 'findings', severity: 'error', max: 0 },
    report: warnedReport,
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'regressions over max',
    assertion: { metric: 'regressions', max: 0 },
    baseline: lastWeek,
    expected: { passed: false, actual: 1, expected: '<= 0' },
  },
  {
    name: 'regressions at or above a severity',
    measured: 'regressions of Severity Critical',
    assertion: { metric: 'regressions', severity: 'Critical', max: 0 },
    baseline: lastWeek,
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'regressions at or above High',
    measured: 'regressions of Severity High or worse',
    assertion: { metric: 'regressions', severity: 'High', max: 0 },
    baseline: lastWeek,
    expected: { passed: false, actual: 1, expected: '<= 0' },
  },
  {
    name: 'findings at or above warning',
    measured: 'findings of severity warning or worse',
    assertion: { metric: 'findings', severity: 'warning', max: 0 },
    report: warnedReport,
    expected: { passed: false, actual: 1, expected: '<= 0' },
  },
  {
    name: 'regressions of another category',
    assertion: { metric: 'regressions', category: 'Azure - Network', max: 0 },
    baseline: lastWeek,
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'compliancePercentDrop of none',
    assertion: { metric: 'compliancePercentDrop', max: 0 },
    baseline: minimalReport,
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'compliancePercentDrop over max',
    assertion: { metric: 'compliancePercentDrop', max: 2 },
    baseline: lastWeek,
    expected: { passed: false, actual: 25, expected: '<= 2' },
  },
  {
    name: 'redPolicies leaves an accepted policy out',
    assertion: { metric: 'redPolicies', max: 0 },
    exceptions: () => [exception()],
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'redPolicies counts a policy again once its exception expired',
    assertion: { metric: 'redPolicies', max: 0 },
    exceptions: () => [exception({ expires: '2026-11-30' })],
    expected: { passed: false, actual: 1, expected: '<= 0' },
  },
  {
    name: 'failingPolicies leaves accepted Red and Amber out',
    measured: 'failingPolicies of Severity High',
    assertion: { metric: 'failingPolicies', severity: 'High', max: 0 },
    exceptions: () => [exception({ policies: ['StorageKeys', 'NsgSsh'] })],
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'amberPolicies leaves an accepted Amber out',
    assertion: { metric: 'amberPolicies', max: 0 },
    exceptions: () => [exception({ policies: ['NsgSsh'] })],
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'acceptedPolicies counts them',
    assertion: { metric: 'acceptedPolicies', max: 0 },
    exceptions: () => [exception({ policies: ['StorageKeys', 'NsgSsh', 'StorageHttps'] })],
    expected: { passed: false, actual: 2, expected: '<= 0' },
  },
  {
    name: 'acceptedPolicies of a category',
    assertion: { metric: 'acceptedPolicies', category: 'AZ_NETWORK', max: 0 },
    exceptions: () => [exception()],
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'acceptedPolicies of the category that holds it',
    assertion: { metric: 'acceptedPolicies', category: 'AZ_STORAGE', max: 0 },
    exceptions: () => [exception()],
    expected: { passed: false, actual: 1, expected: '<= 0' },
  },
  {
    name: 'redPolicies of a category leaves its accepted policy out',
    assertion: { metric: 'redPolicies', category: 'Azure - Storage', max: 0 },
    exceptions: () => [exception()],
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'redPolicies keeps a Red policy when only an Amber one is accepted',
    assertion: { metric: 'redPolicies', max: 0 },
    exceptions: () => [exception({ policies: ['NsgSsh'] })],
    expected: { passed: false, actual: 1, expected: '<= 0' },
  },
  {
    name: 'acceptedPolicies counts a policy two exceptions accept once',
    assertion: { metric: 'acceptedPolicies', max: 0 },
    exceptions: () => [exception(), exception({ id: 'EXC-2', accounts: ['a1b2c3d4-*'] })],
    expected: { passed: false, actual: 1, expected: '<= 0' },
  },
  {
    name: 'redPolicies never counts below nothing when two exceptions accept one policy',
    assertion: { metric: 'redPolicies', min: 0, max: 0 },
    exceptions: () => [exception(), exception({ id: 'EXC-2', accounts: ['a1b2c3d4-*'] })],
    expected: { passed: true, actual: 0, expected: '>= 0 and <= 0' },
  },
  {
    name: 'acceptedPolicies within a min and a max',
    assertion: { metric: 'acceptedPolicies', min: 1, max: 1 },
    exceptions: () => [exception()],
    expected: { passed: true, actual: 1, expected: '>= 1 and <= 1' },
  },
  {
    name: 'acceptedPolicies of a severity with none',
    measured: 'acceptedPolicies of Severity Critical',
    assertion: { metric: 'acceptedPolicies', severity: 'Critical', max: 0 },
    exceptions: () => [exception()],
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
];

/** Cases of the metrics of the run's exceptions: measured once, for the run, whatever the reports. */
const runCases: Case[] = [
  {
    name: 'expiredExceptions of a run without any',
    assertion: { metric: 'expiredExceptions', max: 0 },
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'expiredExceptions of one past its expiry',
    assertion: { metric: 'expiredExceptions', max: 0 },
    exceptions: () => [exception(), exception({ id: 'EXC-2', expires: '2026-11-30' })],
    expected: { passed: false, actual: 1, expected: '<= 0' },
    detail: 'EXC-2 expired 2026-11-30 (1 day ago), owner storage@example.com',
  },
  {
    name: 'unusedExceptions of one that matches nothing',
    assertion: { metric: 'unusedExceptions', max: 0 },
    exceptions: () => [exception({ policies: ['Gone'] })],
    expected: { passed: false, actual: 1, expected: '<= 0' },
    detail: 'EXC-1 (exceptions.yaml /exceptions/0) matches no policy',
  },
  {
    name: 'unusedExceptions when each matches',
    assertion: { metric: 'unusedExceptions', max: 0 },
    exceptions: () => [exception()],
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
  {
    name: 'expiringExceptions within 30 days',
    assertion: { metric: 'expiringExceptions', max: 0 },
    exceptions: () => [exception({ expires: '2026-12-20' })],
    expected: { passed: false, actual: 1, expected: '<= 0' },
    detail: 'EXC-1 expires 2026-12-20 (in 19 days), owner storage@example.com',
  },
  {
    name: 'expiringExceptions months ahead',
    assertion: { metric: 'expiringExceptions', max: 0 },
    exceptions: () => [exception()],
    expected: { passed: true, actual: 0, expected: '<= 0' },
  },
];

describe('gate metrics', () => {
  it.each(cases)('$name', async ({ assertion, report, baseline, expected, measured, exceptions }) => {
    const result = only(
      await gate([(report ?? minimalReport)()], [assertion], baseline && [baseline()], exceptions?.()),
    );
    expect(result).toMatchObject({
      ...expected,
      metric: assertion.metric,
      level: 'error',
      pointer: '/assertions/0',
      source: 'r1.json',
    });
    // Counts read as they are, percents with % and the drop in points, to one decimal.
    const unit =
      { compliancePercent: '%', assessedPercent: '%', compliancePercentDrop: ' points' }[assertion.metric] ?? '';
    const shown =
      typeof expected.actual === 'number' && unit !== ''
        ? `${expected.actual.toFixed(1)}${unit}`
        : String(expected.actual);
    expect(result.message).toBe(
      `${measured ?? assertion.metric} is ${shown}, ${expected.passed ? 'within' : 'expected'} ${expected.expected}`,
    );
  });

  it.each(runCases)('$name', async ({ assertion, expected, exceptions, detail }) => {
    // Two reports: a metric of the run gives one result, not one per report.
    const result = only(await gate([minimalReport(), minimalReport()], [assertion], undefined, exceptions?.()));
    expect(result).toMatchObject({ ...expected, metric: assertion.metric, scope: 'the run', pointer: '/assertions/0' });
    expect(result.source).toBeUndefined();
    expect(result.message).toBe(
      `${assertion.metric} is ${String(expected.actual)}, ${expected.passed ? 'within' : 'expected'} ${expected.expected}${detail === undefined ? '' : `: ${detail}`}`,
    );
  });

  it('refuses a match on a metric of the run', async () => {
    await expect(
      gate([minimalReport()], [{ metric: 'expiredExceptions', max: 0, match: { AccountName: 'Contoso*' } }]),
    ).rejects.toThrow(
      'invalid gate rules: rules.json:1:54: /assertions/0/match: metric expiredExceptions counts the run\'s exceptions, not a report\'s: it takes no "match"',
    );
  });

  it('every metric has a passing and a failing case', () => {
    for (const name of gateMetricNames) {
      const outcomes = new Set(
        [...cases, ...runCases]
          .filter((entry) => entry.assertion.metric === name)
          .map((entry) => entry.expected.passed),
      );
      expect([name, [...outcomes].sort()]).toEqual([name, [false, true]]);
    }
  });

  it("are the metrics the documentation's table lists, in the registry's order", () => {
    const table =
      readFileSync('docs/gates.md', 'utf8').split('| metric | measures | reads |')[1]?.split('\n\n')[0] ?? '';
    const rows = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]);
    expect(rows).toEqual(gateMetricNames);
  });

  it('are the metrics the published schema lists', () => {
    const schema = readGateRulesSchema() as { $defs: { assertion: { properties: { metric: { enum: string[] } } } } };
    expect(schema.$defs.assertion.properties.metric.enum).toEqual(gateMetricNames);
  });

  it("compliancePercent follows the run's percent formula", async () => {
    const [{ analyseInputs }, { evaluateGate }, { parseGateRules }] = await Promise.all([
      import('../../src/jobs/analyse-inputs.js'),
      import('../../src/gate/evaluate-gate.js'),
      import('../../src/gate/parse-gate-rules.js'),
    ]);
    const analysis = await analyseInputs({ value: minimalReport() }, { percentFormula: 'green-of-total' });
    const result = evaluateGate(
      analysis,
      parseGateRules('{"assertions":[{"metric":"compliancePercent","min":50}]}', 'rules.json'),
    );
    expect(result.assertions[0]).toMatchObject({ passed: false, actual: 40 });
  });

  it('uses recomputed figures, never the stated ones', async () => {
    const report = minimalReport();
    report.ResourceCategories[0]!.Red = 0;
    report.ResourceCategories[0]!.CompliancePercent = 100;
    const result = only(await gate([report], [{ metric: 'redPolicies', max: 0 }]));
    expect(result).toMatchObject({ passed: false, actual: 1 });
  });

  it('fails a percent when nothing in scope was assessed', async () => {
    const result = only(
      await gate([minimalReport()], [{ metric: 'compliancePercent', category: 'AZ_STORAGE', min: 0 }]),
    );
    expect(result.passed).toBe(true);
    const report = minimalReport();
    report.ResourceCategories[0]!.Policies = report.ResourceCategories[0]!.Policies.map((entry) => ({
      ...entry,
      Compliance: 'Gray',
      PassedResourceCount: 0,
      TotalResourceCount: 0,
      RiskProbability: ' ',
      RiskLevel: '',
    }));
    const grey = only(await gate([report], [{ metric: 'compliancePercent', category: 'AZ_STORAGE', min: 0 }]));
    expect(grey).toMatchObject({ passed: false, actual: null });
    expect(grey.message).toContain('all Gray');
  });

  it("policy takes every copy of a repeated PolicyId, within the assertion's category only", async () => {
    // NsgSsh again in Storage, Green there: Amber in Network stays the worst copy.
    const report = minimalReport();
    report.ResourceCategories[0]!.Policies.push(policy('NsgSsh', '1000.9', 3, 3));
    const all = only(await gate([report], [{ metric: 'policy', policy: 'NsgSsh', mustBe: 'Green' }]));
    expect(all).toMatchObject({ passed: false, actual: 'Amber' });
    const storage = only(
      await gate([report], [{ metric: 'policy', policy: 'NsgSsh', category: 'AZ_STORAGE', mustBe: 'Green' }]),
    );
    expect(storage).toMatchObject({ passed: true, actual: 'Green' });
    const network = only(
      await gate([report], [{ metric: 'policy', policy: 'NsgSsh', category: 'Azure - Network', mustNotBe: 'Amber' }]),
    );
    expect(network).toMatchObject({ passed: false, actual: 'Amber' });
    // A repeat that comes first in report order, Red, is taken too.
    const first = minimalReport();
    first.ResourceCategories[0]!.Policies.unshift(policy('NsgRdp', '1000.8', 0, 3));
    expect(only(await gate([first], [{ metric: 'policy', policy: 'NsgRdp', mustNotBe: 'Red' }]))).toMatchObject({
      passed: false,
      actual: 'Red',
    });
  });

  it('assessedPercent of a category without policies fails closed', async () => {
    const report = minimalReport();
    Object.assign(report.ResourceCategories[1]!, { Policies: [], Total: 0, Green: 0, Amber: 0, CompliancePercent: 0 });
    const result = only(await gate([report], [{ metric: 'assessedPercent', category: 'AZ_NETWORK', min: 0 }]));
    expect(result).toMatchObject({ passed: false, actual: null });
    expect(result.message).toBe(
      'no policy in scope; an assertion that selects nothing fails (allowNoMatch: true to allow it)',
    );
  });

  it('say what they compare and which severity they read, as what they read requires', () => {
    for (const name of gateMetricNames) {
      const metric = gateMetrics[name];
      const colour = metric.reads.includes('mustBe') && metric.reads.includes('mustNotBe');
      expect([name, metric.bound]).toEqual([name, colour ? 'colour' : 'number']);
      expect([name, metric.severity]).toEqual([
        name,
        !metric.reads.includes('severity') ? undefined : name === 'findings' ? 'finding' : 'policy',
      ]);
      if (colour) expect([name, metric.unit]).toEqual([name, '']);
    }
  });

  it('say whether a severity selects it alone or it and every worse one, when they read one', () => {
    const ranges = Object.fromEntries(
      gateMetricNames
        .filter((name) => gateMetrics[name].severity === 'policy')
        .map((name) => [name, gateMetrics[name].severityRange]),
    );
    expect(ranges).toEqual({
      redPolicies: 'only',
      amberPolicies: 'only',
      failingPolicies: 'only',
      regressions: 'or-worse',
      acceptedPolicies: 'only',
    });
  });

  it('each describes itself in one line, for the README and messages', () => {
    for (const name of gateMetricNames)
      expect([name, gateMetrics[name].describe]).toEqual([name, expect.stringMatching(/^[A-Za-z][^\n]{20,}$/)]);
  });

  it('policy of an id in no category in scope fails closed', async () => {
    const result = only(
      await gate([minimalReport()], [{ metric: 'policy', policy: 'NsgSsh', category: 'AZ_STORAGE', mustNotBe: 'Red' }]),
    );
    expect(result).toMatchObject({ passed: false, actual: null });
  });
});
