import { describe, expect, it } from 'vitest';
import { isCspmError, type GateAssertion, type GateRules } from '../../src/index.js';
import { assertBaselineGiven, baselineMetricsOf, indexBaseline } from '../../src/gate/baseline.js';
import { reportKey } from '../../src/gate/report-key.js';
import { diffOf, reportDiff, scan } from '../support/fake-diff.js';

function rules(...metrics: string[]): GateRules {
  const assertions = metrics.map((metric, index): GateAssertion => ({
    name: `a${index}`,
    level: 'error',
    metric,
    aggregate: 'each',
    allowNoMatch: false,
    pointer: `/assertions/${index}`,
  }));
  return { file: 'rules.json', assertions };
}

describe('baselineMetricsOf', () => {
  it.each<[string[], string[]]>([
    [[], []],
    [['compliancePercent', 'redPolicies', 'findings'], []],
    [['regressions'], ['regressions']],
    [
      ['compliancePercentDrop', 'redPolicies', 'regressions', 'compliancePercentDrop'],
      ['compliancePercentDrop', 'regressions'],
    ],
    // A metric the registry lacks is evaluate-gate's to refuse; it needs no baseline here.
    [['noSuchMetric', 'toString'], []],
  ])('%j: %j', (metrics, baselineMetrics) => {
    expect(baselineMetricsOf(rules(...metrics))).toEqual(baselineMetrics);
  });
});

describe('assertBaselineGiven', () => {
  it('accepts rules without baseline metrics, with or without a baseline, and baseline metrics with one', () => {
    expect(() => assertBaselineGiven(rules('redPolicies'), false)).not.toThrow();
    expect(() => assertBaselineGiven(rules('redPolicies'), true)).not.toThrow();
    expect(() => assertBaselineGiven(rules('regressions'), true)).not.toThrow();
  });

  it('refuses baseline metrics without a baseline, naming them', () => {
    let error: unknown;
    try {
      assertBaselineGiven(rules('regressions', 'redPolicies', 'compliancePercentDrop'), false);
    } catch (caught) {
      error = caught;
    }
    expect(isCspmError(error) && error.code).toBe('usage');
    expect((error as Error).message).toMatch(
      /^invalid usage: rules\.json: metrics regressions, compliancePercentDrop compare with an older scan/,
    );
    expect((error as { data: unknown }).data).toMatchObject({ option: 'baseline' });
  });
});

describe('indexBaseline', () => {
  it('finds each comparison by the input and pointer of its new report', () => {
    const first = reportDiff([], scan('old.json', 'j1'), scan('new.json', 'j2', null, '/0'));
    const second = reportDiff([], scan('old.json', 'j3'), scan('new.json', 'j4', null, '/1'));
    const other = reportDiff([], scan('old.json', 'j5'), scan('other.json', 'j6', null, '/0'));
    const index = indexBaseline(diffOf([first, second, other]));
    expect(index.get(reportKey('new.json', '/0'))).toBe(first);
    expect(index.get(reportKey('new.json', '/1'))).toBe(second);
    expect(index.get(reportKey('other.json', '/0'))).toBe(other);
    expect(index.get(reportKey('old.json', '/0'))).toBeUndefined();
    expect(index.size).toBe(3);
    expect(indexBaseline(undefined).size).toBe(0);
  });

  it('keys cannot run together: a source ending as another pointer begins', () => {
    expect(reportKey('a/0', '')).not.toBe(reportKey('a', '/0'));
  });
});
