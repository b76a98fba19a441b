import { describe, expect, it } from 'vitest';
import type { RulesFileAssertion } from '../../../src/index.js';
import { minimalReport, policy } from '../../support/minimal-report.js';
import { gate, only } from '../support.js';

/** The minimal report with policy P in Storage once per colour given, in order. */
function withCopies(colours: string[]) {
  const report = minimalReport();
  for (const [index, colour] of colours.entries())
    report.ResourceCategories[0]!.Policies.push(policy('P', `9.${index}`, 1, 2, { Compliance: colour }));
  return report;
}

describe('the policy metric', () => {
  it.each<[string[], Pick<RulesFileAssertion, 'mustBe' | 'mustNotBe'>, string, boolean]>([
    // colours of the copies, bound, measured, passed
    [['Green'], { mustBe: 'Green' }, 'Green', true],
    [['Green', 'Green'], { mustBe: 'Green' }, 'Green', true],
    [['Green', 'Amber'], { mustBe: 'Green' }, 'Amber', false],
    // Not Green: the worst of the others.
    [['Amber', 'Gray', 'Red', 'Green'], { mustBe: 'Green' }, 'Red', false],
    [['Gray', 'Amber'], { mustBe: 'Green' }, 'Amber', false],
    [['Gray', 'Green'], { mustBe: 'Green' }, 'Gray', false],
    [['Gray'], { mustBe: 'Gray' }, 'Gray', true],
    [['Gray', 'Red'], { mustBe: 'Gray' }, 'Red', false],
    [['Green', 'Amber'], { mustNotBe: 'Red' }, 'Amber', true],
    [['Green', 'Gray'], { mustNotBe: 'Red' }, 'Green', true],
    [['Gray', 'Green'], { mustNotBe: 'Red' }, 'Green', true],
    [['Gray'], { mustNotBe: 'Red' }, 'Gray', true],
    [['Green', 'Red', 'Amber'], { mustNotBe: 'Red' }, 'Red', false],
    // The colour refused is found even when a worse one is there too.
    [['Red', 'Amber'], { mustNotBe: 'Amber' }, 'Amber', false],
    [['Red', 'Green'], { mustNotBe: 'Green' }, 'Green', false],
    // A colour outside the observed set is measured as it is and keeps within no bound.
    [['Green', 'Yellow', 'Red'], { mustNotBe: 'Red' }, 'Yellow', false],
    [['Yellow'], { mustNotBe: 'Green' }, 'Yellow', false],
    [['Green', 'Yellow'], { mustBe: 'Green' }, 'Yellow', false],
  ])('%j, %j: %s, passed %s', async (colours, bound, actual, passed) => {
    const result = only(await gate([withCopies(colours)], [{ metric: 'policy', policy: 'P', ...bound }]));
    expect(result).toMatchObject({ actual, passed });
  });
});
