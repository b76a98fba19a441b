import { describe, expect, it } from 'vitest';
import { rankDrops, rankLost, rankPolicies, siteGroups } from '../../../src/analyse/site/site-rankings.js';
import { siteExceptions } from '../../../src/analyse/site/site-exceptions.js';
import type { Figures } from '../../../src/model/analysis.js';
import type { ExceptionsRecord } from '../../../src/model/exceptions.js';
import type { SiteAccount, SiteBenchmark, SiteCataloguePolicy } from '../../../src/model/site.js';

function account(
  key: string,
  change: number | null,
  lost = false,
  connector = 'AWS',
  benchmarkName = 'CIS',
): SiteAccount {
  return {
    key,
    accountId: `id-${key}`,
    accountName: `Account ${key}`,
    connector,
    benchmarkId: benchmarkName,
    benchmarkName,
    benchmarkKey: 'b',
    lastScan: null,
    percent: 50,
    change,
    red: 1,
    amber: 0,
    redBySeverity: [1],
    accepted: 0,
    scans: 2,
    lost,
    shard: 0,
  };
}

function figures(green: number, red: number, gray = 0): Figures {
  const total = green + red + gray;
  return {
    total,
    green,
    red,
    amber: 0,
    gray,
    other: 0,
    passedResources: green,
    totalResources: total,
    percent: total - gray === 0 ? 0 : (green / (total - gray)) * 100,
  };
}

function policy(key: string, severity: string, failing: number, accepted = 0): SiteCataloguePolicy {
  return {
    key,
    policyId: key,
    number: key,
    title: `Policy ${key}`,
    severity,
    category: 'c',
    accounts: 10,
    failing,
    fixed: 0,
    accepted,
  };
}

describe('rankDrops and rankLost', () => {
  const accounts = [
    account('a', -1),
    account('b', -5),
    account('c', 0),
    account('d', 3),
    { ...account('e', -9, true), lastScan: '2024-03-11T06:00:00Z' },
    account('f', null),
    account('g', -5),
    { ...account('h', null, true), lastScan: '2024-03-04T06:00:00Z' },
  ];
  it('ranks the biggest drops; steady, improved, unknown and lost accounts are left out', () => {
    expect(rankDrops(accounts, 10).map((drop) => [drop.key, drop.change, drop.lost])).toEqual([
      ['b', -5, false],
      ['g', -5, false],
      ['a', -1, false],
    ]);
    expect(rankDrops(accounts, 2).map((drop) => drop.key)).toEqual(['b', 'g']);
    expect(rankDrops(accounts, 0)).toEqual([]);
  });
  it('ranks the lost accounts apart, the longest unseen first, whatever their last change', () => {
    expect(rankLost(accounts, 10).map((drop) => [drop.key, drop.lastScan])).toEqual([
      ['h', '2024-03-04T06:00:00Z'],
      ['e', '2024-03-11T06:00:00Z'],
    ]);
    expect(rankLost(accounts, 1).map((drop) => drop.key)).toEqual(['h']);
  });
});

describe('siteGroups', () => {
  it('pools each connector and benchmark: policies summed, then one percent; the largest groups first', () => {
    const accounts = [
      account('a', 0),
      account('b', 0),
      account('c', 0, false, 'Azure'),
      account('d', 0, false, 'AWS', 'AWS FSBP'),
    ];
    const groups = siteGroups(
      [figures(1, 3), figures(3, 1, 6), figures(0, 0, 4), figures(2, 2)],
      accounts,
      'green-of-assessed',
    );
    expect(groups).toEqual([
      { connector: 'AWS', benchmarkName: 'CIS', accounts: 2, percent: 50, red: 4 },
      { connector: 'AWS', benchmarkName: 'AWS FSBP', accounts: 1, percent: 50, red: 2 },
      { connector: 'Azure', benchmarkName: 'CIS', accounts: 1, percent: null, red: 0 },
    ]);
  });
});

describe('rankPolicies', () => {
  const benchmarks: SiteBenchmark[] = [
    {
      key: 'k1',
      benchmarkId: 'B1',
      benchmarkName: 'Bench 1',
      policies: [
        policy('p1', 'Low', 5),
        policy('p2', 'Critical', 5),
        policy('p3', 'High', 9, 6),
        policy('p4', 'High', 0),
      ],
    },
    {
      key: 'k2',
      benchmarkId: 'B2',
      benchmarkName: 'Bench 2',
      policies: [policy('q1', 'Mauve', 5), policy('q2', 'High', 2, 2)],
    },
  ];
  it('ranks by the failures no exception accepts, then by severity, an unknown severity last; none failing is left out', () => {
    const ranked = rankPolicies(benchmarks, ['Critical', 'High', 'Moderate', 'Low'], 10);
    expect(ranked.map((one) => [one.benchmarkKey, one.key, one.failing - one.accepted])).toEqual([
      ['k1', 'p2', 5],
      ['k1', 'p1', 5],
      ['k2', 'q1', 5],
      ['k1', 'p3', 3],
    ]);
    expect(ranked[0]).toMatchObject({ benchmarkName: 'Bench 1', number: 'p2', title: 'Policy p2', accounts: 10 });
    expect(rankPolicies(benchmarks, ['Critical'], 1).map((one) => one.key)).toEqual(['p2']);
  });
});

describe('siteExceptions', () => {
  const entry = (id: string, daysLeft: number) => ({
    id,
    state: daysLeft < 0 ? ('expired' as const) : ('active' as const),
    expires: '2026-01-01',
    daysLeft,
    owner: 'o',
    approvedBy: 'a',
    reason: 'r',
    file: 'f',
    pointer: '/exceptions/0',
    accepted: [{ source: 's', pointer: '/0', policyId: 'P' }],
  });
  it('lists the nearest expiry first, expired ones before all, with the counts of the site (not of the record)', () => {
    const record: ExceptionsRecord = {
      files: [],
      applied: [],
      exceptions: [
        entry('B', 30),
        entry('A', 30),
        entry('C', -2),
        { ...entry('D', 90), ticket: 'T-1', ticketUrl: 'https://t/T-1' },
      ],
    };
    const listed = siteExceptions(record, new Map([['A', 3]]), new Map([['A', 2]]));
    expect(listed.map((one) => [one.id, one.daysLeft, one.accepted, one.accounts])).toEqual([
      ['C', -2, 0, 0],
      ['A', 30, 3, 2],
      ['B', 30, 0, 0],
      ['D', 90, 0, 0],
    ]);
    expect(listed[3]).toMatchObject({
      ticket: 'T-1',
      ticketUrl: 'https://t/T-1',
      owner: 'o',
      reason: 'r',
      approvedBy: 'a',
    });
    expect(listed[0]).toMatchObject({ ticket: null, ticketUrl: null, state: 'expired' });
  });
});
