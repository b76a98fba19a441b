import { describe, expect, it } from 'vitest';
import type { GateAssertion } from '../../src/index.js';
import { expectedText, valueText, withinBound } from '../../src/gate/bounds.js';
import { gateMetrics } from '../../src/gate/metrics/gate-metrics.js';

function assertion(bound: Partial<GateAssertion>): GateAssertion {
  return { name: 'a', level: 'error', metric: 'compliancePercent', aggregate: 'each', allowNoMatch: false, pointer: '/assertions/0', ...bound };
}

describe('expectedText', () => {
  it.each<[string, Partial<GateAssertion>, string]>([
    ['min', { min: 80 }, '>= 80'],
    ['max', { max: 0 }, '<= 0'],
    ['both', { min: 3, max: 5 }, '>= 3 and <= 5'],
    ['none', {}, ''],
  ])('of a number, %s', (_name, bound, text) => {
    expect(expectedText(assertion(bound), gateMetrics.compliancePercent)).toBe(text);
  });

  it.each<[string, Partial<GateAssertion>, string]>([
    ['mustBe', { mustBe: 'Green' }, 'Green'],
    ['mustNotBe', { mustNotBe: 'Red' }, 'not Red'],
    ['neither', {}, 'not '],
  ])('of a colour, %s', (_name, bound, text) => {
    expect(expectedText(assertion(bound), gateMetrics.policy)).toBe(text);
  });
});

describe('withinBound', () => {
  it.each<[number, Partial<GateAssertion>, boolean]>([
    [80, { min: 80 }, true],
    [79.99, { min: 80 }, false],
    [0, { max: 0 }, true],
    [0.01, { max: 0 }, false],
    [3, { min: 3, max: 5 }, true],
    [5, { min: 3, max: 5 }, true],
    [2, { min: 3, max: 5 }, false],
    [6, { min: 3, max: 5 }, false],
    [-1, {}, true],
  ])('%d within %j: %s', (value, bound, within) => {
    expect(withinBound(value, assertion(bound))).toBe(within);
  });

  it.each<[string, Partial<GateAssertion>, boolean]>([
    ['Green', { mustBe: 'Green' }, true],
    ['Amber', { mustBe: 'Green' }, false],
    ['Red', { mustNotBe: 'Red' }, false],
    ['Amber', { mustNotBe: 'Red' }, true],
    ['Gray', { mustNotBe: 'Red' }, true],
    // A colour outside the observed set keeps within no bound: it could be the one refused.
    ['Yellow', { mustNotBe: 'Red' }, false],
    ['Yellow', { mustBe: 'Yellow' }, false],
  ])('%s within %j: %s', (value, bound, within) => {
    expect(withinBound(value, assertion(bound))).toBe(within);
  });
});

describe('valueText', () => {
  it.each<[number | string, keyof typeof gateMetrics, string]>([
    [50, 'compliancePercent', '50%'],
    [62.5, 'compliancePercent', '62.5%'],
    [78.7401574, 'compliancePercent', '78.74%'],
    [33.3366, 'compliancePercent', '33.34%'],
    [99.999, 'compliancePercent', '100%'],
    [2, 'compliancePercentDrop', '2 points'],
    [-1.5, 'compliancePercentDrop', '-1.5 points'],
    [3, 'redPolicies', '3'],
    ['Red', 'policy', 'Red'],
  ])('%s of %s reads %j', (value, metric, text) => {
    expect(valueText(value, gateMetrics[metric])).toBe(text);
  });
});
