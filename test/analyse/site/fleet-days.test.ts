import { describe, expect, it } from 'vitest';
import { FleetDays, type DatedScan } from '../../../src/analyse/site/fleet-days.js';
import { BenchmarkCatalogue } from '../../../src/analyse/site/benchmark-catalogue.js';
import { policyHistories, standingOf } from '../../../src/analyse/site/series-history.js';
import type { Policy } from '../../../src/model/report.js';

const severities = ['Critical', 'High'];
const day = (date: string, hour = 6) => Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);

/** A scan of `green` Green policies of `total` assessed (none Gray), with `critical` Critical Red policies. */
function scan(time: number, green: number, total: number, critical = 0): DatedScan {
  return {
    time,
    figures: { total, green, gray: 0, passedResources: 0, totalResources: 0 },
    redBySeverity: [{ severity: 'Critical', count: critical }],
  };
}

describe('FleetDays', () => {
  const cases: { name: string; accounts: DatedScan[][]; expected: [string, number | null, number, number][] }[] = [
    {
      name: 'pools every account scanned by each day, one counting as it last stood on the days between',
      accounts: [
        [scan(day('2024-03-04'), 5, 10), scan(day('2024-03-11'), 0, 10, 3)],
        [scan(day('2024-03-05'), 10, 10)],
      ],
      expected: [
        ['2024-03-04', 50, 1, 0],
        ['2024-03-05', 75, 2, 0],
        ['2024-03-11', 50, 2, 3],
      ],
    },
    {
      name: 'makes one day of the scans of one day, a later scan of an account replacing its earlier',
      accounts: [
        [scan(day('2024-03-04', 7), 4, 10), scan(day('2024-03-04', 8), 8, 10)],
        [scan(day('2024-03-04', 9), 2, 10)],
      ],
      expected: [['2024-03-04', 50, 2, 0]],
    },
    {
      name: 'takes a Red count back when a later scan has fewer',
      accounts: [
        [scan(day('2024-03-04'), 0, 10, 4), scan(day('2024-03-06'), 9, 10, 1)],
        [scan(day('2024-03-05'), 0, 10, 2)],
      ],
      expected: [
        ['2024-03-04', 0, 1, 4],
        ['2024-03-05', 0, 2, 6],
        ['2024-03-06', 45, 2, 3],
      ],
    },
    {
      name: 'has no percent on a day nothing was assessed',
      accounts: [[scan(day('2024-03-04'), 0, 0)]],
      expected: [['2024-03-04', null, 1, 0]],
    },
  ];
  it.each(cases)('$name', ({ accounts, expected }) => {
    const fleet = new FleetDays();
    for (const scans of accounts) fleet.addAccount(scans);
    const days = fleet.days('green-of-assessed', severities);
    expect(days.map((one) => [one.date, one.percent, one.accounts, one.redBySeverity[0]])).toEqual(expected);
    expect(days.every((one) => one.redBySeverity.length === severities.length)).toBe(true);
  });
});

describe('BenchmarkCatalogue and policy histories', () => {
  const policy = (id: string, compliance: string): Policy =>
    ({
      PolicyId: id,
      ComplianceNumber: id,
      ShortTitle: `Policy ${id}`,
      Severity: 'High',
      Compliance: compliance,
    }) as Policy;
  const category = (...policies: Policy[]) => [{ CategoryName: 'Compute', Policies: policies }];

  it('names each policy once and keeps a history of changes only: a pair at the first scan, one more where the colour changed or went missing', () => {
    const catalogue = new BenchmarkCatalogue('CIS', 'CIS Foundations');
    const scans = [
      catalogue.record(category(policy('a', 'Green'), policy('b', 'Red'))),
      catalogue.record(category(policy('a', 'Green'), policy('b', 'Red'))),
      catalogue.record(category(policy('a', 'Red'))),
      catalogue.record(category(policy('a', 'Red'), policy('b', 'Amber'), policy('c', 'Mauve'))),
    ];
    const histories = policyHistories(scans, catalogue.policies.length);
    expect(histories.map((one) => [catalogue.policies[one.policy]?.policyId, one.changes])).toEqual([
      ['a', [0, 1, 2, 3]],
      ['b', [0, 3, 2, 0, 3, 2]],
      ['c', [0, 0, 3, 5]],
    ]);
    expect(catalogue.policies[0]).toMatchObject({
      number: 'a',
      title: 'Policy a',
      severity: 'High',
      category: 'Compute',
    });
    expect(catalogue.positionOf('c')).toBe(2);
    expect(catalogue.positionOf('')).toBeUndefined();
    // Keys hold across builds: the same ids give the same key.
    expect(new BenchmarkCatalogue('CIS', 'other name').key).toBe(catalogue.key);
  });

  it('leaves out a policy the series never held', () => {
    const catalogue = new BenchmarkCatalogue('CIS', 'CIS');
    catalogue.record(category(policy('x', 'Red')));
    const mine = catalogue.record(category(policy('y', 'Green')));
    expect(policyHistories([mine], catalogue.policies.length).map((one) => one.policy)).toEqual([1]);
  });

  it.each([
    { changes: [0, 3], standing: { kind: 'failing', colour: 3, since: 0, firstSeen: 0 } },
    { changes: [0, 1, 2, 3, 4, 2], standing: { kind: 'failing', colour: 2, since: 2, firstSeen: 2 } },
    { changes: [0, 3, 1, 1, 3, 5], standing: { kind: 'failing', colour: 5, since: 3, firstSeen: 0 } },
    { changes: [0, 3, 2, 1], standing: { kind: 'fixed', fixed: 2 } },
    { changes: [0, 1], standing: { kind: 'passing' } },
    { changes: [0, 3, 1, 0], standing: { kind: 'other' } },
    { changes: [0, 4], standing: { kind: 'other' } },
  ])('reads where a policy stands from its changes $changes', ({ changes, standing }) => {
    expect(standingOf({ policy: 0, changes })).toEqual(standing);
  });
});
