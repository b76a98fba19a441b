import { describe, expect, it } from 'vitest';
import { fleetDays, type DatedScan } from '../../../src/analyse/site/fleet-days.js';
import { PolicyColours } from '../../../src/analyse/site/policy-colours.js';
import type { Policy } from '../../../src/model/report.js';

const severities = ['Critical', 'High'];
const day = (date: string, hour = 6) => Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);

/** A scan of `green` Green policies of `total` assessed (none Gray), with `critical` Critical Red policies. */
function scan(series: number, time: number, green: number, total: number, critical = 0): DatedScan {
  return {
    series,
    time,
    figures: { total, green, gray: 0, passedResources: 0, totalResources: 0 },
    redBySeverity: [{ severity: 'Critical', count: critical }],
  };
}

describe('fleetDays', () => {
  const cases: { name: string; scans: DatedScan[]; expected: [string, number | null, number, number][] }[] = [
    {
      name: 'pools every account scanned by each day, one counting as it last stood on the days between',
      scans: [
        scan(0, day('2024-03-04'), 5, 10),
        scan(1, day('2024-03-05'), 10, 10),
        scan(0, day('2024-03-11'), 0, 10, 3),
      ],
      expected: [
        ['2024-03-04', 50, 1, 0],
        ['2024-03-05', 75, 2, 0],
        ['2024-03-11', 50, 2, 3],
      ],
    },
    {
      name: 'makes one day of the scans of one day, in any order, a later scan of an account replacing its earlier',
      scans: [
        scan(1, day('2024-03-04', 9), 2, 10),
        scan(0, day('2024-03-04', 7), 4, 10),
        scan(0, day('2024-03-04', 8), 8, 10),
      ],
      expected: [['2024-03-04', 50, 2, 0]],
    },
    {
      name: 'has no percent on a day nothing was assessed',
      scans: [scan(0, day('2024-03-04'), 0, 0)],
      expected: [['2024-03-04', null, 1, 0]],
    },
  ];
  it.each(cases)('$name', ({ scans, expected }) => {
    const days = fleetDays(scans, severities, 'green-of-assessed');
    expect(days.map((one) => [one.date, one.percent, one.accounts, one.redBySeverity[0]])).toEqual(expected);
  });
});

describe('PolicyColours', () => {
  const policy = (id: string, compliance: string): Policy =>
    ({
      PolicyId: id,
      ComplianceNumber: id,
      ShortTitle: `Policy ${id}`,
      Severity: 'High',
      Compliance: compliance,
    }) as Policy;
  const category = (...policies: Policy[]) => [{ CategoryName: 'Compute', Policies: policies }];

  it('keeps a history of changes only: a pair at the first scan, one more where the colour changed or went missing', () => {
    const colours = new PolicyColours();
    const scans = [
      colours.record(category(policy('a', 'Green'), policy('b', 'Red'))),
      colours.record(category(policy('a', 'Green'), policy('b', 'Red'))),
      colours.record(category(policy('a', 'Red'))),
      colours.record(category(policy('a', 'Red'), policy('b', 'Amber'), policy('c', 'Mauve'))),
    ];
    const followed = colours.follow(scans);
    expect(followed.map((one) => [one.policyId, one.changes])).toEqual([
      ['a', [0, 1, 2, 3]],
      ['b', [0, 3, 2, 0, 3, 2]],
      ['c', [0, 0, 3, 5]],
    ]);
    expect(followed[0]).toMatchObject({ number: 'a', title: 'Policy a', severity: 'High', category: 'Compute' });
  });
});
