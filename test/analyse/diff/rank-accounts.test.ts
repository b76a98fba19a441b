import { describe, expect, it } from 'vitest';
import type { AnalysedReport } from '../../../src/index.js';
import type { SideReport } from '../../../src/analyse/diff/pair-reports.js';
import { rankAccounts } from '../../../src/analyse/diff/rank-accounts.js';
import { reportDiff } from '../../support/fake-diff.js';

/** A compared report of `accountId` whose percent moved by `delta` points, with `regressions`. */
function compared(accountId: string, delta: number | null, regressions = 0) {
  const report = reportDiff();
  return {
    ...report,
    accountId,
    accountName: accountId,
    overall: { ...report.overall, percentDelta: delta },
    counts: { ...report.counts, regression: regressions },
  };
}

/** A report of one side only, of `accountId`, with `failing` Red policies. */
function left(accountId: string, failing = 0): SideReport {
  const figures = {
    total: failing,
    green: 0,
    red: failing,
    amber: 0,
    gray: 0,
    other: 0,
    passedResources: 0,
    totalResources: 0,
    percent: 0,
  };
  return {
    source: `${accountId}.json`,
    analysed: { report: { AccountId: accountId, AccountName: accountId }, figures } as unknown as AnalysedReport,
  };
}

describe('rankAccounts', () => {
  const cases: {
    name: string;
    reports: ReturnType<typeof compared>[];
    old?: SideReport[];
    next?: SideReport[];
    expected: string[] | undefined;
  }[] = [
    { name: 'one account: nothing to rank', reports: [compared('a', -5)], expected: undefined },
    {
      name: 'the biggest fall first',
      reports: [compared('a', -1), compared('b', -9), compared('c', 4)],
      expected: ['b', 'a', 'c'],
    },
    {
      name: 'more regressions first on the same fall',
      reports: [compared('a', -2, 1), compared('b', -2, 5)],
      expected: ['b', 'a'],
    },
    { name: 'a lost account above every fall', reports: [compared('a', -50)], old: [left('z')], expected: ['z', 'a'] },
    {
      name: 'an account that lost a benchmark report above a fall',
      reports: [compared('a', -50), compared('b', 10)],
      old: [left('b')],
      expected: ['b', 'a'],
    },
    {
      name: 'a change of no figure above a fall',
      reports: [compared('a', -50), compared('b', null)],
      expected: ['b', 'a'],
    },
    { name: 'added accounts last', reports: [compared('a', 3)], next: [left('n', 40)], expected: ['a', 'n'] },
  ];
  it.each(cases)('$name', ({ reports, old = [], next = [], expected }) => {
    expect(rankAccounts(reports, old, next)?.map((account) => account.accountId)).toEqual(expected);
  });

  it('counts an added account’s failing policies as its regressions, and takes an account’s worst benchmark', () => {
    const ranked = rankAccounts(
      [compared('a', -1), { ...compared('a', -7), benchmarkId: 'other' }],
      [],
      [left('n', 4)],
    );
    expect(ranked).toEqual([
      {
        accountId: 'a',
        accountName: 'a',
        status: 'compared',
        compared: 2,
        lostReports: 0,
        addedReports: 0,
        percentDelta: -7,
        regressions: 0,
      },
      {
        accountId: 'n',
        accountName: 'n',
        status: 'added',
        compared: 0,
        lostReports: 0,
        addedReports: 1,
        percentDelta: null,
        regressions: 4,
      },
    ]);
  });
});
