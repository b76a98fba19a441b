import { describe, expect, it } from 'vitest';
import type { PolicyAcceptance } from '../../../src/model/exceptions.js';
import {
  acceptanceText,
  acceptedPoliciesOf,
  bothWaysText,
  complianceText,
  expiryText,
} from '../../../src/render/accepted-marks.js';
import type { AcceptedRiskView } from '../../../src/model/view-model.js';
import { sampleAccepted } from './accepted-view.js';

const acceptance = (state: PolicyAcceptance['state'], daysLeft: number): PolicyAcceptance => ({
  id: 'EXC-7',
  state,
  expires: '2027-03-31',
  daysLeft,
  reason: 'r',
  owner: 'o',
  approvedBy: 'a',
});

describe('the words of accepted risks', () => {
  it.each([
    { name: 'in force', given: acceptance('active', 90), expected: 'accepted · EXC-7, until 2027-03-31' },
    {
      name: 'expiring',
      given: acceptance('expiring', 12),
      expected: 'accepted · EXC-7, until 2027-03-31 (12 days left)',
    },
    {
      name: 'on its last day',
      given: acceptance('expiring', 0),
      expected: 'accepted · EXC-7, until 2027-03-31 (last day)',
    },
  ])('marks a policy accepted $name', ({ given, expected }) => {
    expect(acceptanceText(given)).toBe(expected);
  });

  it.each([
    { daysLeft: 3, expected: '2027-03-31 (3 days left)' },
    { daysLeft: 1, expected: '2027-03-31 (1 day left)' },
    { daysLeft: 0, expected: '2027-03-31 (last day)' },
    { daysLeft: -2, expected: '2027-03-31 (2 days ago)' },
  ])('gives the expiry with $daysLeft days left', ({ daysLeft, expected }) => {
    expect(expiryText({ expires: '2027-03-31', daysLeft } as AcceptedRiskView)).toBe(expected);
  });

  it('gives a figure both ways', () => {
    expect(bothWaysText('24.9%', 1)).toBe('24.9% as scanned; 1 policy accepted');
    expect(bothWaysText('n/a', 2)).toBe('n/a as scanned; 2 policies accepted');
  });

  it('finds the accepted policy of a report by its pointer, and no other', async () => {
    const { view } = await sampleAccepted(-1);
    const report = view.reports[0];
    if (report === undefined) throw new Error('no report');
    const accepted = acceptedPoliciesOf(report);
    expect([...accepted.keys()].map((policy) => [policy.PolicyId, policy.Compliance])).toEqual([
      ['VMDiskEncryption', 'Red'],
    ]);
    const [policy] = accepted.keys();
    if (policy === undefined) throw new Error('no policy');
    expect(complianceText(policy, accepted)).toMatch(/^Red, accepted · EXC-1, until \d{4}-\d\d-\d\d$/);
    const other = report.categories[0]?.policies[0];
    if (other === undefined) throw new Error('no policy');
    expect(complianceText(other, accepted)).toBe(other.Compliance);
    expect(acceptedPoliciesOf({ ...report, accepted: undefined })).toEqual(new Map());
  });
});
