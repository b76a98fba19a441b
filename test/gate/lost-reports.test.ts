import { describe, expect, it } from 'vitest';
import type { AssertionResult } from '../../src/index.js';
import { lostReports } from '../../src/gate/lost-reports.js';
import { diffOf, reportDiff, unpaired } from '../support/fake-diff.js';

/** The gate's own assertion on its baseline: it is there only to fail. */
describe('lostReports', () => {
  const failing = (actual: number, message: string): AssertionResult => ({
    name: 'baseline reports are still there',
    level: 'error',
    metric: 'baselineReports',
    passed: false,
    actual,
    expected: 'every report of the baseline in the inputs',
    scope: 'the baseline',
    pointer: '',
    message: `${message} of the baseline ${actual === 1 ? 'is' : 'are'} missing from the inputs: a regression no assertion measures`,
  });
  const lost = (...names: string[]) => names.map((name) => unpaired('old', [], name));

  it.each<[string, ReturnType<typeof diffOf>, AssertionResult | undefined]>([
    ['nothing lost', diffOf([reportDiff()]), undefined],
    ['a report gained is not lost', diffOf([reportDiff()], [unpaired('new')]), undefined],
    ['one lost', diffOf([], [unpaired('new', [], 'N'), ...lost('CIS')]), failing(1, 'CIS of account A')],
    [
      'three lost',
      diffOf([], lost('CIS', 'PCI', 'ISO')),
      failing(3, 'CIS of account A, PCI of account A, ISO of account A'),
    ],
    [
      'five lost: three named',
      diffOf([], lost('CIS', 'PCI', 'ISO', 'NIST', 'SOC')),
      failing(5, 'CIS of account A, PCI of account A, ISO of account A and 2 more'),
    ],
  ])('%s', (_name, diff, expected) => {
    expect(lostReports(diff)).toEqual(expected);
  });
});
