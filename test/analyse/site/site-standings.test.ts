import { describe, expect, it } from 'vitest';
import { accountStandings } from '../../../src/analyse/site/series-history.js';
import { acceptedPolicies } from '../../../src/analyse/site/site-exceptions.js';
import { BenchmarkCatalogue, colourCode, linkKey } from '../../../src/analyse/site/benchmark-catalogue.js';
import type { ScanJudgement } from '../../../src/analyse/trend/scan-exceptions.js';
import type { ExceptionOutcome } from '../../../src/model/exceptions.js';
import type { Policy } from '../../../src/model/report.js';

const dates = ['2024-03-04', '2024-03-11', '2024-03-18'];

describe('accountStandings', () => {
  it("gives a policy's page the failures (since, first seen, exception) and the fixes of one account", () => {
    const standings = accountStandings(
      7,
      [
        { policy: 0, changes: [0, 3] },
        { policy: 1, changes: [0, 1, 1, 2, 2, 3] },
        { policy: 2, changes: [0, 3, 2, 1] },
        { policy: 3, changes: [0, 1] },
        { policy: 4, changes: [0, 2, 1, 0] },
      ],
      [
        { policy: 0, exception: 'EXC-1' },
        { policy: 3, exception: 'EXC-2' },
      ],
      (scan) => dates[scan] ?? null,
    );
    expect(standings.failures).toEqual([
      {
        policy: 0,
        failure: { row: 7, colour: 3, since: '2024-03-04', firstSeen: '2024-03-04', exception: 'EXC-1' },
      },
      {
        policy: 1,
        failure: { row: 7, colour: 3, since: '2024-03-11', firstSeen: '2024-03-11', exception: null },
      },
    ]);
    expect(standings.fixes).toEqual([{ policy: 2, fix: { row: 7, fixed: '2024-03-18' } }]);
  });
});

describe('acceptedPolicies', () => {
  const catalogue = new BenchmarkCatalogue('CIS', 'CIS');
  catalogue.record([
    {
      CategoryName: 'c',
      Policies: ['A', 'B', 'C'].map((id) => ({ PolicyId: id, Compliance: 'Red' }) as Policy),
    },
  ]);
  const outcome = (id: string, expires: string, policies: string[]) =>
    ({
      exception: { id, expires },
      accepted: policies.map((policyId) => ({ policyId })),
    }) as unknown as ExceptionOutcome;
  const judgement: ScanJudgement = {
    accepted: 3,
    day: '2024-03-11',
    outcomes: [
      outcome('EXC-1', '2024-06-30', ['B', 'Z']),
      outcome('EXC-2', '2024-03-15', ['A']),
      outcome('EXC-3', '2024-06-30', ['B', 'C']),
    ],
  };
  it('names each accepted policy once, by its position, under the first exception that accepts it', () => {
    expect(acceptedPolicies(judgement, catalogue, undefined)).toEqual([
      { policy: 1, exception: 'EXC-1' },
      { policy: 0, exception: 'EXC-2' },
      { policy: 2, exception: 'EXC-3' },
    ]);
  });
  it('lets an exception that expired before the day the site is as of accept nothing; one expiring that day still does', () => {
    expect(acceptedPolicies(judgement, catalogue, '2024-03-18').map((one) => one.exception)).toEqual([
      'EXC-1',
      'EXC-3',
    ]);
    expect(acceptedPolicies(judgement, catalogue, '2024-03-15').map((one) => one.exception)).toContain('EXC-2');
    expect(acceptedPolicies(undefined, catalogue, undefined)).toEqual([]);
  });
});

describe('BenchmarkCatalogue keys and colours', () => {
  it('makes link keys of 16 hex digits, the same for the same ids and different for others', () => {
    expect(linkKey('a', 'b')).toMatch(/^[0-9a-f]{16}$/);
    expect(linkKey('a', 'b')).toBe(linkKey('a', 'b'));
    expect(linkKey('a', 'b')).not.toBe(linkKey('ab'));
  });
  it('codes the four colours and any other Compliance as other (failing)', () => {
    expect(['', 'Green', 'Amber', 'Red', 'Gray', 'Mauve'].map(colourCode)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
