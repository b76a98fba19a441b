import { describe, expect, it } from 'vitest';
import type { PercentFormula } from '../../src/index.js';
import {
  computePercent,
  defaultPercentFormula,
  fittingFormulas,
  hasPercent,
  percentFormulaIds,
  percentMatches,
  type PercentInputs,
} from '../../src/analyse/percent-formulas.js';

/** Counts of a scope: total, green, gray policies; passed and total resources. */
function counts(total: number, green: number, gray: number, passedResources = 0, totalResources = 0): PercentInputs {
  return { total, green, gray, passedResources, totalResources };
}

const formulas: PercentFormula[] = ['green-of-assessed', 'green-of-total', 'passed-resources'];

describe('computePercent and hasPercent', () => {
  it.each<[string, PercentInputs, [number, boolean], [number, boolean], [number, boolean]]>([
    // name, counts, then [percent, hasPercent] by green-of-assessed, green-of-total, passed-resources
    [
      'the published Compute category: 2 Green of 23, 10 Gray',
      counts(23, 2, 10, 30, 120),
      [(2 / 13) * 100, true],
      [(2 / 23) * 100, true],
      [25, true],
    ],
    ['every policy Green', counts(4, 4, 0, 8, 8), [100, true], [100, true], [100, true]],
    ['one policy assessed, Red', counts(3, 0, 2, 0, 5), [0, true], [0, true], [0, true]],
    [
      'all Gray: no percent by any formula, though resources were counted',
      counts(3, 0, 3, 2, 4),
      [0, false],
      [0, false],
      [50, false],
    ],
    ['no policy at all', counts(0, 0, 0), [0, false], [0, false], [0, false]],
    [
      'assessed policies but no resource: no percent of resources',
      counts(2, 1, 0, 0, 0),
      [50, true],
      [50, true],
      [0, false],
    ],
  ])('%s', (_name, inputs, ...expected) => {
    formulas.forEach((formula, index) => {
      const [percent, has] = expected[index]!;
      expect([formula, computePercent(formula, inputs)]).toEqual([formula, percent]);
      expect([formula, hasPercent(formula, inputs)]).toEqual([formula, has]);
    });
  });

  it.each<[string, PercentInputs]>([
    ['an infinite denominator', counts(Infinity, 1, 0, 1, Infinity)],
    ['an infinite numerator', counts(2, Infinity, 0, Infinity, 2)],
    ['both infinite', counts(Infinity, Infinity, 0, Infinity, Infinity)],
    ['NaN counts', counts(Number.NaN, 1, 0, 1, Number.NaN)],
    ['a quotient that overflows', counts(1e-300, 1e308, 0, 1e308, 1e-300)],
    ['a negative denominator', counts(-4, 2, 0, 2, -4)],
  ])('is never NaN or Infinity: %s gives 0', (_name, inputs) => {
    for (const formula of formulas) expect([formula, computePercent(formula, inputs)]).toEqual([formula, 0]);
  });

  it('the default formula is green-of-assessed, and the catalogue is in its order of trial', () => {
    expect(defaultPercentFormula).toBe('green-of-assessed');
    expect(percentFormulaIds).toEqual(formulas);
  });
});

describe('percentMatches', () => {
  it.each<[number, number, boolean]>([
    [15.3846159, (2 / 13) * 100, true],
    [15.39, (2 / 13) * 100, false],
    // Below 1 the tolerance is absolute, 1e-4.
    [0.0001, 0, true],
    [0.00011, 0, false],
    [-0.0001, 0, true],
    // Above it, relative: 1e-4 of the value.
    [1000.09, 1000, true],
    [1000.11, 1000, false],
    [999.91, 1000, true],
    [999.89, 1000, false],
    [-1000.09, -1000, true],
    [-1000.11, -1000, false],
  ])('%d for %d: %s', (stated, computed, matches) => {
    expect(percentMatches(stated, computed)).toBe(matches);
  });
});

describe('fittingFormulas', () => {
  it.each<[string, number, PercentInputs, PercentFormula[]]>([
    ['only green-of-assessed', 15.3846159, counts(23, 2, 10, 30, 120), ['green-of-assessed']],
    ['only green-of-total', 8.695652, counts(23, 2, 10, 30, 120), ['green-of-total']],
    ['only passed-resources', 25, counts(23, 2, 10, 30, 120), ['passed-resources']],
    [
      'all three, in catalogue order',
      50,
      counts(2, 1, 0, 3, 6),
      ['green-of-assessed', 'green-of-total', 'passed-resources'],
    ],
    ['none', 42, counts(2, 1, 0, 3, 6), []],
  ])('%s', (_name, stated, inputs, expected) => {
    expect(fittingFormulas(stated, inputs)).toEqual(expected);
  });
});
