import { describe, expect, it } from 'vitest';
import type { GateAssertion } from '../../src/index.js';
import { expectedText, valueText, withinBound } from '../../src/gate/bounds.js';
import { gateMetrics } from '../../src/gate/metrics/gate-metrics.js';

function assertion(bound: Partial<GateAssertion>): GateAssertion {
  return {
    name: 'a',
    level: 'error',
    metric: 'compliancePercent',
    aggregate: 'each',
    allowNoMatch: false,
    pointer: '/assertions/0',
    ...bound,
  };
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
    // Percents and points to one decimal, as the documents and diff print them.
    [50, 'compliancePercent', '50.0%'],
    [62.5, 'compliancePercent', '62.5%'],
    [78.7401574, 'compliancePercent', '78.7%'],
    [33.3366, 'compliancePercent', '33.3%'],
    [99.999, 'compliancePercent', '100.0%'],
    [2, 'compliancePercentDrop', '2.0 points'],
    [-1.5, 'compliancePercentDrop', '-1.5 points'],
    [-1.25, 'compliancePercentDrop', '-1.3 points'],
    [1.25, 'compliancePercentDrop', '1.3 points'],
    [-0.04, 'compliancePercentDrop', '0.0 points'],
    [3, 'redPolicies', '3'],
    ['Red', 'policy', 'Red'],
  ])('%s of %s reads %j', (value, metric, text) => {
    expect(valueText(value, gateMetrics[metric])).toBe(text);
  });

  it.each<[number, Partial<GateAssertion>, string]>([
    // Rounded, 1.98 reads as the bound itself: the exact value says why it passed.
    [1.98, { max: 2 }, '2.0 points (1.98)'],
    [79.96, { min: 80 }, '79.96'],
    [2.5, { max: 2 }, '2.5 points'],
    [2, { max: 2 }, '2.0 points'],
  ])('%s against %j reads %j', (value, bound, text) => {
    const metric = bound.min === undefined ? gateMetrics.compliancePercentDrop : gateMetrics.compliancePercent;
    expect(valueText(value, metric, assertion(bound))).toContain(text);
  });
});
