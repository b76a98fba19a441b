import { describe, expect, it } from 'vitest';
import type { AnalysedReport } from '../../../src/index.js';
import type { SideReport } from '../../../src/analyse/diff/pair-reports.js';
import { rankAccounts } from '../../../src/analyse/diff/rank-accounts.js';
import { change, reportDiff } from '../../support/fake-diff.js';

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

/** A report of one side only, of `accountId`, with `failing` Red policies, and Amber and unknown ones as given. */
function left(accountId: string, failing = 0, amber = 0, other = 0): SideReport {
  const figures = {
    total: failing + amber + other,
    green: 0,
    red: failing,
    amber,
    gray: 0,
    other,
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
      name: 'a lost account above an account that lost a report and fell',
      reports: [compared('b', -50)],
      old: [left('z'), left('b')],
      expected: ['z', 'b'],
    },
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
    {
      name: 'the smaller rise first',
      reports: [compared('a', 5), compared('b', 3), compared('c', 9)],
      expected: ['b', 'a', 'c'],
    },
    {
      name: 'more lost reports first, else by id, on the same tier, fall and regressions',
      reports: [compared('c', -2), compared('a', -2), compared('b', -2), compared('d', -2)],
      old: [left('c'), left('a'), left('b'), left('b')],
      expected: ['b', 'a', 'c', 'd'],
    },
    {
      name: 'by id when nothing else differs, whatever the order given',
      reports: [compared('b', 1), compared('c', 1), compared('a', 1)],
      expected: ['a', 'b', 'c'],
    },
  ];
  it.each(cases)('$name', ({ reports, old = [], next = [], expected }) => {
    expect(rankAccounts(reports, old, next)?.map((account) => account.accountId)).toEqual(expected);
  });

  it('says which accounts are lost and which added', () => {
    const ranked = rankAccounts([compared('a', 1)], [left('z')], [left('n', 1)]);
    expect(ranked?.map((account) => [account.accountId, account.status])).toEqual([
      ['z', 'lost'],
      ['a', 'compared'],
      ['n', 'added'],
    ]);
  });

  it('takes an account’s worst fall whatever the order of its reports, and no report without a figure', () => {
    const ranked = rankAccounts(
      [compared('a', -7), { ...compared('a', -1), benchmarkId: 'x' }, { ...compared('a', null), benchmarkId: 'y' }],
      [],
      [left('n')],
    );
    expect(ranked?.[0]?.percentDelta).toBe(-7);
    const rises = rankAccounts(
      [compared('a', 5), { ...compared('a', null), benchmarkId: 'y' }, { ...compared('a', 8), benchmarkId: 'x' }],
      [],
      [left('n')],
    );
    expect(rises?.[0]?.percentDelta).toBe(5);
  });

  it('counts Red, Amber and unknown colours of an added report as its failing policies', () => {
    expect(rankAccounts([compared('a', 1)], [], [left('n', 2, 3, 4)])?.[1]?.regressions).toBe(9);
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

describe('rankAccounts of a comparison given exceptions', () => {
  const acceptance = {
    id: 'EXC-1',
    state: 'active' as const,
    expires: '2027-03-31',
    daysLeft: 90,
    reason: 'Accepted until the migration ends.',
    owner: 'o@example.com',
    approvedBy: 'a@example.com',
  };
  /** A compared report of `accountId` with `open` regressions and `accepted` regressions or new failures accepted. */
  function judged(accountId: string, open: number, accepted: number, delta = -2) {
    const changes = [
      ...Array.from({ length: open }, () => change('regression', 'High')),
      ...Array.from({ length: accepted }, (_, at) => ({
        ...change(at % 2 === 0 ? 'regression' : 'new-failure', 'High'),
        accepted: acceptance,
      })),
    ];
    const counts = { ...reportDiff().counts };
    for (const { kind } of changes) counts[kind] += 1;
    return { ...compared(accountId, delta), changes, counts };
  }

  it('leaves accepted changes out of the regressions that rank, and counts them beside', () => {
    // Without exceptions a would rank first on the tie (5 regressions to b's 3); 4 of them are accepted.
    const ranked = rankAccounts([judged('a', 1, 4), judged('b', 3, 0)], [], [left('n', 5)], [2]);
    expect(ranked?.map(({ accountId, regressions, accepted }) => [accountId, regressions, accepted])).toEqual([
      ['b', 3, 0],
      ['a', 1, 4],
      ['n', 3, 2],
    ]);
  });

  it('adds up an account’s accepted changes over its reports and the reports only the new scan has', () => {
    const ranked = rankAccounts(
      [judged('a', 2, 1), { ...judged('a', 0, 3), benchmarkId: 'other' }, judged('b', 0, 0)],
      [],
      [left('a', 4), left('c', 2)],
      [1, 2],
    );
    expect(ranked?.find((account) => account.accountId === 'a')).toMatchObject({ regressions: 5, accepted: 5 });
    expect(ranked?.find((account) => account.accountId === 'c')).toMatchObject({ regressions: 0, accepted: 2 });
  });

  it('gives no accepted count without exceptions', () => {
    const ranked = rankAccounts([judged('a', 1, 0), judged('b', 2, 0)], [], [left('n', 1)]);
    expect(ranked?.every((account) => !('accepted' in account))).toBe(true);
  });
});
