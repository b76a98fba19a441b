import { describe, expect, it } from 'vitest';
import type { PolicyChangeKind } from '../../../src/index.js';
import { classifyAdded, classifyChange, isWorse } from '../../../src/analyse/diff/classify-change.js';

describe('classifyChange', () => {
  it.each<[string, string, PolicyChangeKind | undefined]>([
    ['Green', 'Green', undefined],
    ['Green', 'Amber', 'regression'],
    ['Green', 'Red', 'regression'],
    ['Amber', 'Red', 'regression'],
    ['Red', 'Amber', 'fix'],
    ['Red', 'Green', 'fix'],
    ['Amber', 'Green', 'fix'],
    // Outside the observed set: ranks as Red.
    ['Green', 'Yellow', 'regression'],
    ['Amber', 'Yellow', 'regression'],
    ['Red', 'Yellow', undefined],
    ['Yellow', 'Red', undefined],
    ['Yellow', 'Purple', undefined],
    ['Yellow', 'Green', 'fix'],
    // Gray was not assessed.
    ['Gray', 'Red', 'new-failure'],
    ['Gray', 'Amber', 'new-failure'],
    ['Gray', 'Yellow', 'new-failure'],
    ['Gray', 'Green', 'coverage'],
    ['Green', 'Gray', 'coverage'],
    ['Red', 'Gray', 'coverage'],
    ['Yellow', 'Gray', 'coverage'],
  ])('%s → %s: %s', (from, to, kind) => {
    expect(classifyChange(from, to)).toBe(kind);
  });
});

describe('classifyAdded and isWorse', () => {
  it.each<[string, PolicyChangeKind]>([
    ['Red', 'new-failure'],
    ['Amber', 'new-failure'],
    ['Yellow', 'new-failure'],
    ['Green', 'added'],
    ['Gray', 'added'],
  ])('a %s policy of the new scan only is %s', (colour, kind) => {
    expect(classifyAdded(colour)).toBe(kind);
  });

  it.each<[PolicyChangeKind | undefined, boolean]>([
    ['regression', true],
    ['new-failure', true],
    ['fix', false],
    ['coverage', false],
    ['added', false],
    ['removed', false],
    [undefined, false],
  ])('%s is worse: %s', (kind, worse) => {
    expect(isWorse(kind)).toBe(worse);
  });
});
