import { describe, expect, it } from 'vitest';
import type { Policy } from '../../src/index.js';
import {
  actionOrderText,
  compareBySeverity,
  failingResources,
  isFailing,
  redWeight,
  severityWeights,
  worstCategories,
  worstCategoryMeasure,
  type RankedCategory,
} from '../../src/analyse/severity-rank.js';
import { isAtLeast, sameRank, severityOrder, severityRank } from '../../src/model/observed-values.js';
import { policy } from '../support/minimal-report.js';

/** A policy of a colour and severity; `failing` resources of 10 for the colours that fail. */
function of(Compliance: string, Severity: string, failing = 1, PolicyId = `${Compliance}-${Severity}`): Policy {
  return policy(PolicyId, '1.1', 10 - failing, 10, { Compliance, Severity });
}

describe('severityRank', () => {
  it.each([
    ['Critical', 0],
    ['High', 1],
    ['Moderate', 2],
    ['Low', 3],
    ['VeryLow', 4],
    // Outside the observed set: it ranks as the worst, so that a gate fails closed.
    ['Urgent', 0],
    ['', 0],
    ['critical', 0],
    ['low', 0],
  ])('%j ranks %i', (severity, rank) => {
    expect(severityRank(severity)).toBe(rank);
  });
});

describe('isAtLeast and sameRank', () => {
  it.each<[string, string, boolean, boolean]>([
    // severity, threshold, at least, same rank
    ['Critical', 'Critical', true, true],
    ['Critical', 'High', true, false],
    ['High', 'Critical', false, false],
    ['High', 'High', true, true],
    ['Moderate', 'High', false, false],
    ['Low', 'Moderate', false, false],
    ['Moderate', 'Low', true, false],
    ['VeryLow', 'Low', false, false],
    ['VeryLow', 'VeryLow', true, true],
    ['Urgent', 'Critical', true, true],
    ['Urgent', 'VeryLow', true, false],
    ['High', 'Urgent', false, false],
    ['Critical', 'Urgent', true, true],
  ])('%s against %s: at least %s, same rank %s', (severity, threshold, atLeast, same) => {
    expect(isAtLeast(severity, threshold)).toBe(atLeast);
    expect(sameRank(severity, threshold)).toBe(same);
  });
});

describe('redWeight', () => {
  it.each<[string, Policy[], number]>([
    ['nothing', [], 0],
    [
      'one Red of each severity',
      ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'].map((severity) => of('Red', severity)),
      15,
    ],
    [
      'Amber, Green and Gray weigh nothing',
      [of('Amber', 'Critical'), of('Green', 'Critical', 0), of('Gray', 'Critical', 0)],
      0,
    ],
    ['an unknown Compliance counts as Red', [of('Yellow', 'Low')], 2],
    ['an unknown Severity weighs as Critical', [of('Red', 'Urgent')], 5],
  ])('%s: %i', (_name, policies, weight) => {
    expect(redWeight(policies)).toBe(weight);
  });

  it('its measure names every weight', () => {
    for (const [severity, weight] of Object.entries(severityWeights))
      expect(worstCategoryMeasure).toContain(`${severity} ${weight}`);
    expect(Object.keys(severityWeights)).toEqual(['Critical', 'High', 'Moderate', 'Low', 'VeryLow']);
  });
});

/** A category to rank: percent (null when nothing was assessed), red, amber, red weight, failing resources. */
function category(
  order: number,
  percent: number | null,
  red = 1,
  amber = 0,
  weight = red,
  failing = 0,
): RankedCategory {
  return {
    order,
    figures: { percent, red, amber, assessed: percent === null ? 0 : 10, failingResources: failing },
    redWeight: weight,
  };
}

const orders = (categories: RankedCategory[]) => worstCategories(categories).map((entry) => entry.order);

describe('worstCategories', () => {
  it.each<[string, RankedCategory[], number[]]>([
    ['nothing', [], []],
    ['one assessed category is the one worst', [category(0, 50)], [0]],
    ['of three, one (half, rounded down)', [category(0, 60, 1), category(1, 40, 3), category(2, 50, 2)], [1]],
    ['of four, two', [category(0, 60, 1), category(1, 40, 4), category(2, 50, 3), category(3, 70, 0, 1)], [1, 2]],
    [
      'of twelve, five at most',
      Array.from({ length: 12 }, (_, index) => category(index, 90 - index, 1, 0, index)),
      [11, 10, 9, 8, 7],
    ],
    [
      'a category with nothing assessed is never worst, nor counted',
      [category(0, null, 3), category(1, 40), category(2, 60)],
      [1],
    ],
    [
      'a category with nothing Red or Amber is never worst',
      [category(0, 0, 0, 0), category(1, 40), category(2, 60), category(3, 70)],
      [1, 2],
    ],
    [
      'Amber alone makes a candidate',
      [category(0, 0, 0, 1), category(1, 40), category(2, 60), category(3, 70)],
      [1, 2],
    ],
    [
      'the heavier Red first, whatever the percent',
      [category(0, 0, 3, 1, 9), category(1, 5, 115, 0, 339), category(2, 0, 8, 0, 8), category(3, 90)],
      [1, 0],
    ],
    [
      'ties on weight go to more failing resources',
      [category(0, 50, 1, 0, 4, 2), category(1, 80, 1, 0, 4, 9), category(2, 50, 1, 0, 4, 3), category(3, 90, 0, 1)],
      [1, 2],
    ],
    [
      'then to more Amber',
      [category(0, 50, 1, 1), category(1, 50, 1, 3), category(2, 50, 1, 2), category(3, 90)],
      [1, 2],
    ],
    ['then to the lower percent', [category(0, 50), category(1, 20), category(2, 30), category(3, 90)], [1, 2]],
    ['then to report order', [category(2, 50), category(0, 50), category(1, 50), category(3, 90)], [0, 1]],
  ])('%s', (_name, categories, expected) => {
    expect(orders(categories)).toEqual(expected);
  });
});

describe('failingResources and isFailing', () => {
  it.each<[number, number, number]>([
    [10, 3, 7],
    [10, 10, 0],
    [0, 0, 0],
    // Counts that do not add up never make a negative figure.
    [2, 5, 0],
  ])('%i total, %i passed: %i failing', (total, passed, failing) => {
    expect(failingResources(policy('P', '1', passed, total))).toBe(failing);
  });

  it.each([
    ['Red', true],
    ['Amber', true],
    ['Yellow', true],
    ['Green', false],
    ['Gray', false],
  ])('a %s policy is failing: %s', (colour, failing) => {
    expect(isFailing(of(colour, 'High'))).toBe(failing);
  });
});

describe('compareBySeverity', () => {
  it('orders by colour, then severity, then failing resources, stable otherwise', () => {
    const policies = [
      of('Green', 'Critical', 0, 'g'),
      of('Amber', 'Critical', 1, 'a-crit'),
      of('Red', 'Low', 9, 'r-low'),
      of('Red', 'High', 1, 'r-high-1'),
      of('Gray', 'Critical', 0, 'gray'),
      of('Red', 'High', 5, 'r-high-5'),
      of('Yellow', 'VeryLow', 1, 'unknown'),
      of('Red', 'Urgent', 1, 'r-urgent'),
      of('Red', 'High', 5, 'r-high-5-again'),
      of('Red', 'Critical', 1, 'r-crit'),
    ];
    expect(policies.sort(compareBySeverity).map((entry) => entry.PolicyId)).toEqual([
      'r-urgent',
      'r-crit',
      'r-high-5',
      'r-high-5-again',
      'r-high-1',
      'r-low',
      'unknown',
      'a-crit',
      'g',
      'gray',
    ]);
  });

  it('is the order the action list names', () => {
    expect(actionOrderText).toMatch(/^Red before Amber, /);
    expect(actionOrderText).toContain(
      `${severityOrder[0]!} first down to ${severityOrder.at(-1)!}, then most failing resources`,
    );
  });
});
