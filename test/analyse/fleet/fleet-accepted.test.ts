import { describe, expect, it } from 'vitest';
import { fleetAcceptedRisks } from '../../../src/analyse/fleet/fleet-accepted.js';
import type { AcceptedRisks, ExceptionMatch, ExceptionOutcome, ExceptionState } from '../../../src/model/exceptions.js';

function match(source: string, pointer: string, compliance = 'Red'): ExceptionMatch {
  return {
    source,
    pointer,
    policyId: `P${pointer}`,
    accountId: 'a1',
    accountName: 'Account',
    benchmarkId: 'B',
    compliance,
    severity: 'High',
  };
}

function outcome(id: string, state: ExceptionState, matches: ExceptionMatch[]): ExceptionOutcome {
  const applies = state === 'active' || state === 'expiring';
  return {
    exception: {
      id,
      policies: ['P'],
      accounts: ['*'],
      reason: 'r',
      owner: 'o',
      approvedBy: 'a',
      approved: '2026-01-01',
      expires: '2026-12-31',
      file: 'x.yaml',
      pointer: '/exceptions/0',
    },
    state,
    daysLeft: applies ? 10 : -1,
    matches,
    accepted: applies ? matches.filter((m) => m.compliance === 'Red' || m.compliance === 'Amber') : [],
  };
}

const risks = (...outcomes: ExceptionOutcome[]): AcceptedRisks => ({ files: [], outcomes, judgedOn: '2026-06-01' });

describe('fleetAcceptedRisks', () => {
  const cases: { name: string; risks: AcceptedRisks; expected: { policies: number; expired: string[] } }[] = [
    {
      name: 'counts the policies accepted in the report',
      risks: risks(outcome('E1', 'active', [match('a.json', '/0/ResourceCategories/0/Policies/1')])),
      expected: { policies: 1, expired: [] },
    },
    {
      name: 'counts an expiring exception as accepted',
      risks: risks(
        outcome('E1', 'expiring', [
          match('a.json', '/0/ResourceCategories/0/Policies/1'),
          match('a.json', '/0/ResourceCategories/1/Policies/0', 'Amber'),
        ]),
      ),
      expected: { policies: 2, expired: [] },
    },
    {
      name: 'leaves out the policies of another report of the same file',
      risks: risks(
        outcome('E1', 'active', [
          match('a.json', '/1/ResourceCategories/0/Policies/1'),
          match('a.json', '/01/ResourceCategories/0/Policies/1'),
        ]),
      ),
      expected: { policies: 0, expired: [] },
    },
    {
      name: 'leaves out the policies of another file',
      risks: risks(outcome('E1', 'active', [match('b.json', '/0/ResourceCategories/0/Policies/1')])),
      expected: { policies: 0, expired: [] },
    },
    {
      name: 'names an expired exception whose policy fails again in the report',
      risks: risks(
        outcome('E1', 'expired', [match('a.json', '/0/ResourceCategories/0/Policies/1', 'Amber')]),
        outcome('E2', 'expired', [match('a.json', '/0/ResourceCategories/2/Policies/3', 'Other')]),
      ),
      expected: { policies: 0, expired: ['E1', 'E2'] },
    },
    {
      name: 'names an expired exception that also names policies of other reports',
      risks: risks(
        outcome('E1', 'expired', [
          match('b.json', '/0/ResourceCategories/0/Policies/1'),
          match('a.json', '/0/ResourceCategories/0/Policies/1', 'Green'),
          match('a.json', '/0/ResourceCategories/0/Policies/2'),
        ]),
      ),
      expected: { policies: 0, expired: ['E1'] },
    },
    {
      name: 'does not name an expired exception whose policies pass or were not assessed',
      risks: risks(
        outcome('E1', 'expired', [
          match('a.json', '/0/ResourceCategories/0/Policies/1', 'Green'),
          match('a.json', '/0/ResourceCategories/0/Policies/2', 'Gray'),
        ]),
      ),
      expected: { policies: 0, expired: [] },
    },
    {
      name: 'does not name an expired exception of another report',
      risks: risks(outcome('E1', 'expired', [match('b.json', '/0/ResourceCategories/0/Policies/1')])),
      expected: { policies: 0, expired: [] },
    },
    {
      name: 'does not name an exception in force as expired',
      risks: risks(outcome('E1', 'unneeded', [match('a.json', '/0/ResourceCategories/0/Policies/1', 'Red')])),
      expected: { policies: 0, expired: [] },
    },
  ];
  it.each(cases)('$name', ({ risks: given, expected }) => {
    expect(fleetAcceptedRisks(given, 'a.json', '/0')).toEqual(expected);
  });

  it('takes every policy of a file holding one report, at the empty pointer', () => {
    const given = risks(outcome('E1', 'active', [match('a.json', '/ResourceCategories/0/Policies/1')]));
    expect(fleetAcceptedRisks(given, 'a.json', '')).toEqual({ policies: 1, expired: [] });
  });
});
