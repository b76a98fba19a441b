import { describe, expect, it } from 'vitest';
import {
  isCspmError,
  type AssertionResult,
  type GateResult,
  type GateRules,
  type RulesFileAssertion,
} from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { evaluateGate } from '../../src/gate/evaluate-gate.js';
import { parseGateRules } from '../../src/gate/parse-gate-rules.js';
import { minimalReport } from '../support/minimal-report.js';
import { gate } from './support.js';

/**
 * The minimal report (r1.json): Azure CSBP of Contoso Azure, 50 %, one Red (StorageKeys,
 * High) and one Amber; a second input (r2.json) is the same report of another account.
 */
const second = () => ({
  ...minimalReport(),
  AccountName: 'Fabrikam',
  AccountId: 'a1b2c3d4-0000-4000-8000-000000000009',
});

const statuses = (result: GateResult) => [
  result.status,
  result.assertions.map((entry) => `${entry.level} ${entry.passed ? 'pass' : 'fail'}`),
];

describe('evaluateGate: the verdict', () => {
  it.each<[string, RulesFileAssertion[], 'pass' | 'warn' | 'fail']>([
    [
      'every assertion passes',
      [
        { metric: 'redPolicies', max: 1 },
        { metric: 'amberPolicies', max: 1, level: 'warn' },
      ],
      'pass',
    ],
    [
      'a warn assertion fails',
      [
        { metric: 'redPolicies', max: 1 },
        { metric: 'amberPolicies', max: 0, level: 'warn' },
      ],
      'warn',
    ],
    [
      'an error assertion fails',
      [
        { metric: 'redPolicies', max: 0 },
        { metric: 'amberPolicies', max: 1, level: 'warn' },
      ],
      'fail',
    ],
    [
      'both fail',
      [
        { metric: 'amberPolicies', max: 0, level: 'warn' },
        { metric: 'redPolicies', max: 0 },
      ],
      'fail',
    ],
    [
      'a passing warn beside a passing error',
      [
        { metric: 'amberPolicies', max: 5, level: 'warn' },
        { metric: 'redPolicies', max: 5 },
      ],
      'pass',
    ],
  ])('%s: %s', async (_name, assertions, status) => {
    expect((await gate([minimalReport()], assertions)).status).toBe(status);
  });

  it('refuses a metric the registry lacks, pointing into the rules file', async () => {
    const analysis = await analyseInputs({ value: minimalReport(), name: 'r1.json' });
    const rules: GateRules = {
      file: 'rules.json',
      assertions: [
        {
          name: 'x',
          level: 'error',
          metric: 'toString',
          aggregate: 'each',
          allowNoMatch: false,
          pointer: '/assertions/3',
        },
      ],
    };
    let error: unknown;
    try {
      evaluateGate(analysis, rules);
    } catch (caught) {
      error = caught;
    }
    expect(isCspmError(error) && error.code).toBe('rules-invalid');
    expect((error as Error).message).toBe(
      'invalid gate rules: rules.json: /assertions/3/metric: unknown metric "toString"',
    );
    expect((error as { data: unknown }).data).toEqual({ file: 'rules.json', pointer: '/assertions/3/metric' });
  });

  it('refuses rules that compare with a baseline when none is given', async () => {
    const analysis = await analyseInputs({ value: minimalReport(), name: 'r1.json' });
    expect(() =>
      evaluateGate(analysis, parseGateRules('{"assertions":[{"metric":"regressions","max":0}]}', 'rules.json')),
    ).toThrow(/: metrics regressions compare with an older scan/);
  });
});

describe('evaluateGate: each result', () => {
  it('of one report names its input, scope, bound and measure', async () => {
    const [result] = (await gate([minimalReport()], [{ name: 'posture', metric: 'compliancePercent', min: 40.5 }]))
      .assertions;
    expect(result).toStrictEqual<AssertionResult>({
      name: 'posture',
      level: 'error',
      metric: 'compliancePercent',
      passed: true,
      actual: 50,
      actualText: '50.0%',
      expected: '>= 40.5',
      scope: 'r1.json › CSBP › account Contoso Azure',
      message: 'compliancePercent is 50.0%, within >= 40.5',
      source: 'r1.json',
      pointer: '/assertions/0',
    });
  });

  it('of a failing bound says what was expected', async () => {
    const [result] = (
      await gate([minimalReport()], [{ metric: 'redPolicies', category: 'AZ_STORAGE', max: 0, level: 'warn' }])
    ).assertions;
    expect(result).toStrictEqual<AssertionResult>({
      name: 'redPolicies',
      level: 'warn',
      metric: 'redPolicies',
      passed: false,
      actual: 1,
      actualText: '1',
      expected: '<= 0',
      scope: 'r1.json › CSBP › account Contoso Azure › category AZ_STORAGE',
      message: 'redPolicies is 1, expected <= 0',
      source: 'r1.json',
      pointer: '/assertions/0',
    });
  });

  it('rolled up over all inputs has no input of its own', async () => {
    const [result] = (
      await gate(
        [minimalReport(), second()],
        [{ metric: 'policy', policy: 'NsgSsh', mustNotBe: 'Red', aggregate: 'all' }],
      )
    ).assertions;
    expect(result).toStrictEqual<AssertionResult>({
      name: 'policy',
      level: 'error',
      metric: 'policy',
      passed: true,
      actual: 'Amber',
      actualText: 'Amber',
      expected: 'not Red',
      scope: 'all inputs › policy NsgSsh',
      message: 'policy is Amber, within not Red',
      pointer: '/assertions/0',
    });
  });

  it('of a preset names it', async () => {
    const analysis = await analyseInputs({ value: minimalReport(), name: 'r1.json' });
    const result = evaluateGate(analysis, parseGateRules('{"extends":"cspm:recommended"}', 'rules.json'));
    expect(result.assertions.map((entry) => [entry.name, entry.pointer, entry.preset])).toEqual([
      ['overall compliance', '/extends', 'cspm:recommended'],
      ['no critical red', '/extends', 'cspm:recommended'],
      ['no high red', '/extends', 'cspm:recommended'],
      ['assessed policies', '/extends', 'cspm:recommended'],
      ['no expired exception', '/extends', 'cspm:recommended'],
    ]);
    expect(result.rulesFile).toBe('rules.json');
  });

  it('of a preset that selects nothing names it too, with its input when scoped to one report, in the order the JSON shows', async () => {
    const analysis = await analyseInputs({ value: minimalReport(), name: 'r1.json' });
    const base = {
      level: 'error' as const,
      metric: 'compliancePercent',
      min: 0,
      allowNoMatch: false,
      preset: 'cspm:recommended',
      pointer: '/extends',
    };
    const rules: GateRules = {
      file: 'rules.json',
      assertions: [
        { ...base, name: 'all', aggregate: 'all', match: { AccountName: 'Nobody' } },
        { ...base, name: 'each', aggregate: 'each', category: 'Nowhere' },
        { ...base, name: 'each, no preset', aggregate: 'each', category: 'Nowhere', preset: undefined },
      ],
    };
    const [all, each, plain] = evaluateGate(analysis, rules).assertions;
    expect(Object.keys(all!)).toEqual([
      'name',
      'level',
      'metric',
      'passed',
      'actual',
      'expected',
      'scope',
      'message',
      'pointer',
      'preset',
    ]);
    expect(all!.preset).toBe('cspm:recommended');
    expect(Object.keys(each!)).toEqual([
      'name',
      'level',
      'metric',
      'passed',
      'actual',
      'expected',
      'scope',
      'message',
      'source',
      'pointer',
      'preset',
    ]);
    expect([each!.source, each!.preset, each!.passed]).toEqual(['r1.json', 'cspm:recommended', false]);
    expect(Object.keys(plain!)).toEqual([
      'name',
      'level',
      'metric',
      'passed',
      'actual',
      'expected',
      'scope',
      'message',
      'source',
      'pointer',
    ]);
  });

  it('of a measure has the keys its kind has, in the order the JSON shows', async () => {
    const analysis = await analyseInputs({ value: minimalReport(), name: 'r1.json' });
    const base = {
      level: 'error' as const,
      metric: 'compliancePercent',
      min: 0,
      allowNoMatch: false,
      pointer: '/assertions/0',
    };
    const rules: GateRules = {
      file: 'rules.json',
      assertions: [
        { ...base, name: 'all', aggregate: 'all' },
        { ...base, name: 'all of a preset', aggregate: 'all', preset: 'cspm:recommended' },
        { ...base, name: 'each', aggregate: 'each' },
        { ...base, name: 'each of a preset', aggregate: 'each', preset: 'cspm:recommended' },
      ],
    };
    const keys = evaluateGate(analysis, rules).assertions.map((result) => Object.keys(result).join(' '));
    const measured = 'name level metric passed actual actualText expected scope message';
    expect(keys).toEqual([
      `${measured} pointer`,
      `${measured} pointer preset`,
      `${measured} source pointer`,
      `${measured} source pointer preset`,
    ]);
  });
});

describe('evaluateGate: a scope that selects nothing', () => {
  it.each<[string, RulesFileAssertion, Partial<AssertionResult>[]]>([
    [
      'a match of no report',
      { metric: 'redPolicies', max: 0, match: { ConnectorType: 'GCP', AccountName: 'x*' } },
      [
        {
          passed: false,
          actual: null,
          scope: 'reports matching ConnectorType=GCP, AccountName=x*',
          message:
            'match ConnectorType=GCP, AccountName=x* selects no report; an assertion that selects nothing fails (allowNoMatch: true to allow it)',
        },
      ],
    ],
    [
      'a match of no report, allowed',
      { metric: 'redPolicies', max: 0, match: { ConnectorType: 'GCP' }, allowNoMatch: true },
      [
        {
          passed: true,
          actual: null,
          scope: 'reports matching ConnectorType=GCP',
          message: 'match ConnectorType=GCP selects no report; passes by allowNoMatch',
        },
      ],
    ],
    [
      'a category in no report, each',
      { metric: 'compliancePercent', category: 'Compute', min: 0 },
      [
        {
          passed: false,
          actual: null,
          source: 'r1.json',
          scope: 'r1.json › CSBP › account Contoso Azure › category Compute',
          message:
            'the report has no category "Compute"; an assertion that selects nothing fails (allowNoMatch: true to allow it)',
        },
        {
          passed: false,
          actual: null,
          source: 'r2.json',
          scope: 'r2.json › CSBP › account Fabrikam › category Compute',
        },
      ],
    ],
    [
      'a category in no report, rolled up over a match',
      { metric: 'compliancePercent', category: 'Compute', min: 0, aggregate: 'all', match: { BenchmarkId: 'CSBP' } },
      [
        {
          passed: false,
          actual: null,
          scope: '2 reports matching BenchmarkId=CSBP › category Compute',
          message:
            'category "Compute" is in none of the 2 reports in scope; an assertion that selects nothing fails (allowNoMatch: true to allow it)',
        },
      ],
    ],
    [
      'a category in no report, rolled up, allowed',
      { metric: 'compliancePercent', category: 'Compute', min: 0, aggregate: 'all', allowNoMatch: true },
      [
        {
          passed: true,
          actual: null,
          scope: 'all inputs › category Compute',
          message: 'category "Compute" is in none of the 2 reports in scope; passes by allowNoMatch',
        },
      ],
    ],
    [
      "a policy in no report, with the metric's reason",
      {
        metric: 'policy',
        policy: 'Nope',
        category: 'AZ_STORAGE',
        mustBe: 'Green',
        aggregate: 'all',
        match: { AccountName: 'Fab*' },
      },
      [
        {
          passed: false,
          actual: null,
          expected: 'Green',
          scope: '1 report matching AccountName=Fab* › category AZ_STORAGE › policy Nope',
          message: 'no policy Nope in scope; an assertion that selects nothing fails (allowNoMatch: true to allow it)',
        },
      ],
    ],
  ])('%s', async (_name, assertion, expected) => {
    const result = await gate([minimalReport(), second()], [assertion]);
    expect(result.assertions).toHaveLength(expected.length);
    result.assertions.forEach((entry, index) => {
      expect(entry).toMatchObject(expected[index]!);
      expect(entry).not.toHaveProperty('actualText');
      expect('source' in entry).toBe('source' in expected[index]!);
    });
  });

  it('of a report without categories names no category the rules did not give', async () => {
    const empty = minimalReport();
    empty.ResourceCategories = [];
    const result = await gate(
      [empty],
      [
        { name: 'each', metric: 'redPolicies', max: 0 },
        { name: 'all', metric: 'redPolicies', max: 0, aggregate: 'all' },
      ],
    );
    expect(result.assertions.slice(1).map(({ passed, actual, message }) => ({ passed, actual, message }))).toEqual([
      {
        passed: false,
        actual: null,
        message: 'the report has no category; an assertion that selects nothing fails (allowNoMatch: true to allow it)',
      },
      {
        passed: false,
        actual: null,
        message:
          'none of the 1 report in scope has a category; an assertion that selects nothing fails (allowNoMatch: true to allow it)',
      },
    ]);
  });

  it('rolls up only the reports that have the category', async () => {
    const other = second();
    other.ResourceCategories[0]!.CategoryName = 'Azure - Blobs';
    other.ResourceCategories[0]!.CategoryId = 'AZ_BLOBS';
    const result = await gate(
      [minimalReport(), other],
      [{ metric: 'redPolicies', category: 'AZ_STORAGE', max: 0, aggregate: 'all' }],
    );
    expect(result.assertions).toMatchObject([{ passed: false, actual: 1, scope: 'all inputs › category AZ_STORAGE' }]);
  });

  it("with no valid input says so, beside the gate's own failing assertion", async () => {
    const analysis = await analyseInputs({ value: [], name: 'empty.json' });
    const result = evaluateGate(
      analysis,
      parseGateRules('{"assertions":[{"metric":"redPolicies","max":0}]}', 'rules.json'),
    );
    expect(statuses(result)).toEqual(['fail', ['error fail', 'error fail']]);
    expect(result.assertions[1]).toMatchObject({
      metric: 'redPolicies',
      actual: null,
      scope: 'all inputs',
      message:
        'the inputs hold no valid report; an assertion that selects nothing fails (allowNoMatch: true to allow it)',
    });
  });
});

describe('evaluateGate with a baseline', () => {
  it('compares each report with the baseline report it pairs with, and fails one that pairs with none', async () => {
    const lastWeek = minimalReport();
    lastWeek.ResourceCategories[0]!.Policies[1]!.Compliance = 'Green';
    lastWeek.ResourceCategories[0]!.Policies[1]!.PassedResourceCount = 2;
    const result = await gate([minimalReport(), second()], [{ metric: 'regressions', max: 0 }], [lastWeek]);
    expect(result.assertions.map(({ metric, passed, actual, scope }) => ({ metric, passed, actual, scope }))).toEqual([
      { metric: 'regressions', passed: false, actual: 1, scope: 'r1.json › CSBP › account Contoso Azure' },
      { metric: 'regressions', passed: false, actual: null, scope: 'r2.json › CSBP › account Fabrikam' },
    ]);
  });

  it('adds a failing result for a report of the baseline the inputs lost, after the one on the inputs', async () => {
    const analysis = await analyseInputs([
      { value: minimalReport(), name: 'r1.json' },
      { value: { ...minimalReport(), ResourceCategories: 'none' }, name: 'invalid.json' },
    ]);
    const baseline = await analyseInputs({ value: [minimalReport(), second()], name: 'old.json' });
    const { diffAnalyses } = await import('../../src/analyse/diff/diff-analyses.js');
    const result = evaluateGate(
      analysis,
      parseGateRules('{"assertions":[{"metric":"regressions","max":0}]}', 'rules.json'),
      { baseline: diffAnalyses(baseline, analysis) },
    );
    expect(result.assertions.map(({ metric, passed }) => [metric, passed])).toEqual([
      ['validReports', false],
      ['baselineReports', false],
      ['regressions', true],
    ]);
  });
});
