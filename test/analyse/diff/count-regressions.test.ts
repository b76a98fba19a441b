import { describe, expect, it } from 'vitest';
import {
  tallyRegressions,
  type RegressionLimit,
  type RegressionTally,
} from '../../../src/analyse/diff/count-regressions.js';
import { change, diffOf, reportDiff as compared, unpaired } from '../../support/fake-diff.js';

const tally = (
  regressions: number,
  newFailures: number,
  removedPolicies: number,
  lostReports: number,
): RegressionTally => ({
  regressions,
  newFailures,
  removedPolicies,
  lostReports,
  newlyFailingResources: 0,
  total: regressions + newFailures + removedPolicies + lostReports,
});

/**
 * Two compared reports: a Critical and a Low regression, a High and an unknown-severity
 * new failure, a Moderate removed policy, and a fix, a coverage change and an added
 * policy, which never count. Beside them a lost report and a gained one failing 2
 * Critical and 3 Low.
 */
const scans = diffOf(
  [
    compared([
      change('regression', 'Critical'),
      change('new-failure', 'High'),
      change('fix', 'Critical'),
      change('coverage', 'Critical'),
    ]),
    compared([
      change('regression', 'Low'),
      change('new-failure', 'Urgent'),
      change('removed', 'Moderate'),
      change('added', 'Critical'),
    ]),
  ],
  [
    unpaired('old'),
    unpaired('new', [
      { severity: 'Critical', count: 2 },
      { severity: 'Low', count: 3 },
    ]),
  ],
);

describe('tallyRegressions', () => {
  it.each<[string, RegressionLimit | undefined, RegressionTally]>([
    ['everything, by default', undefined, tally(2, 7, 1, 1)],
    [
      'at or above Critical (an unknown severity counts at every threshold; a lost report whatever its severities)',
      { severity: 'Critical' },
      tally(1, 3, 0, 1),
    ],
    ['at or above High', { severity: 'High' }, tally(1, 4, 0, 1)],
    ['at or above Moderate', { severity: 'Moderate' }, tally(1, 4, 1, 1)],
    ['at or above VeryLow', { severity: 'VeryLow' }, tally(2, 7, 1, 1)],
    ['allowing new failures', { allowNewFailures: true }, tally(2, 0, 1, 1)],
    ['allowing what was removed', { allowRemoved: true }, tally(2, 7, 0, 0)],
    [
      'allowing both, at or above High',
      { severity: 'High', allowNewFailures: true, allowRemoved: true },
      tally(1, 0, 0, 0),
    ],
  ])('%s', (_name, limit, expected) => {
    expect(tallyRegressions(scans, limit)).toEqual(expected);
  });

  it('counts a list of compared reports (a gate scope) without unpaired reports', () => {
    expect(tallyRegressions(scans.reports)).toEqual(tally(2, 2, 1, 0));
    expect(tallyRegressions(scans.reports, { severity: 'High', allowNewFailures: true })).toEqual(tally(1, 0, 0, 0));
    expect(tallyRegressions([])).toEqual(tally(0, 0, 0, 0));
  });
});
