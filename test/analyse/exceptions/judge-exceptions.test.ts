import { describe, expect, it } from 'vitest';
import { judgeExceptions } from '../../../src/analyse/exceptions/judge-exceptions.js';
import { dayNumber } from '../../../src/text/calendar-day.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { RiskException } from '../../../src/model/exceptions.js';
import { minimalReport } from '../../support/minimal-report.js';

/**
 * The minimal report: Contoso Azure (CSBP), Storage: StorageHttps Green, StorageKeys Red
 * (High), StorageLogs Gray; Network: NsgRdp Green, NsgSsh Amber. The run's day is 2026-12-01.
 */
const today = new Date('2026-12-01T18:00:00Z');

function exception(overrides: Partial<RiskException> = {}): RiskException {
  return {
    id: 'EXC-1',
    policies: ['StorageKeys'],
    accounts: ['Contoso Azure'],
    reason: 'Legacy keys rotate by hand until the vault migration in Q2.',
    owner: 'storage-team@example.com',
    approvedBy: 'ciso@example.com',
    approved: '2026-11-01',
    expires: '2027-03-31',
    file: 'exceptions.yaml',
    pointer: '/exceptions/0',
    ...overrides,
  };
}

async function judge(exceptions: RiskException[], expiryWarningDays?: number) {
  const analysis = await analyseInputs({ value: minimalReport(), name: 'r.json' });
  return judgeExceptions(analysis, exceptions, {
    today,
    ...(expiryWarningDays === undefined ? {} : { expiryWarningDays }),
  });
}

describe('judgeExceptions: the state of each exception', () => {
  it.each<[string, Partial<RiskException>, string, number, string[]]>([
    ['a Red policy, months from expiry', {}, 'active', 120, ['StorageKeys']],
    ['an Amber policy', { policies: ['NsgSsh'] }, 'active', 120, ['NsgSsh']],
    ['within 30 days of its expiry', { expires: '2026-12-31' }, 'expiring', 30, ['StorageKeys']],
    ['31 days from its expiry', { expires: '2027-01-01' }, 'active', 31, ['StorageKeys']],
    ['on its last day', { expires: '2026-12-01' }, 'expiring', 0, ['StorageKeys']],
    ['the day after its last', { expires: '2026-11-30' }, 'expired', -1, []],
    ['expired, naming nothing of the run', { expires: '2026-01-01', policies: ['Nothing'] }, 'expired', -334, []],
    ['a policy the run lacks', { policies: ['Nothing'] }, 'unused', 120, []],
    ['another account', { accounts: ['Fabrikam*'] }, 'unused', 120, []],
    ['only Green and Gray policies', { policies: ['StorageHttps', 'StorageLogs'] }, 'unneeded', 120, []],
    ['a glob on the AccountId', { accounts: ['a1b2c3d4-*'] }, 'active', 120, ['StorageKeys']],
    ['the benchmark by id', { benchmark: 'CSBP' }, 'active', 120, ['StorageKeys']],
    ['the benchmark by name', { benchmark: 'Cloud Security*' }, 'active', 120, ['StorageKeys']],
    ['another benchmark', { benchmark: 'CIS*' }, 'unused', 120, []],
    ['the category by name', { category: 'Azure - Storage' }, 'active', 120, ['StorageKeys']],
    ['the category by id', { category: 'AZ_STORAGE' }, 'active', 120, ['StorageKeys']],
    ['another category', { category: 'AZ_NETWORK' }, 'unused', 120, []],
    ['glob letter case differs', { accounts: ['contoso azure'] }, 'unused', 120, []],
  ])('%s', async (_name, overrides, state, daysLeft, accepted) => {
    const [outcome] = await judge([exception(overrides)]);
    expect([outcome?.state, outcome?.daysLeft, outcome?.accepted.map((match) => match.policyId)]).toEqual([
      state,
      daysLeft,
      accepted,
    ]);
  });

  it('lists every policy it names, colours as scanned, and accepts only the failing ones', async () => {
    const [outcome] = await judge([exception({ policies: ['StorageHttps', 'StorageKeys', 'NsgSsh'] })]);
    expect(outcome?.matches.map((match) => [match.policyId, match.compliance, match.pointer])).toEqual([
      ['StorageHttps', 'Green', '/ResourceCategories/0/Policies/0'],
      ['StorageKeys', 'Red', '/ResourceCategories/0/Policies/1'],
      ['NsgSsh', 'Amber', '/ResourceCategories/1/Policies/1'],
    ]);
    expect(outcome?.accepted.map((match) => [match.policyId, match.severity, match.accountName, match.source])).toEqual(
      [
        ['StorageKeys', 'High', 'Contoso Azure', 'r.json'],
        ['NsgSsh', 'High', 'Contoso Azure', 'r.json'],
      ],
    );
  });

  it('takes the warning days given', async () => {
    const [outcome] = await judge([exception({ expires: '2027-01-15' })], 60);
    expect(outcome?.state).toBe('expiring');
  });

  it('judges each exception on its own', async () => {
    const outcomes = await judge([
      exception(),
      exception({ id: 'EXC-2', expires: '2026-06-30' }),
      exception({ id: 'EXC-3', policies: ['Gone'] }),
    ]);
    expect(outcomes.map((outcome) => [outcome.exception.id, outcome.state])).toEqual([
      ['EXC-1', 'active'],
      ['EXC-2', 'expired'],
      ['EXC-3', 'unused'],
    ]);
  });
});

describe('dayNumber: an exception date is a day of the calendar', () => {
  it.each([
    ['2026-12-01', 20_788],
    ['1970-01-01', 0],
    ['2028-02-29', 21_243],
  ])('%s is day %d', (text, day) => expect(dayNumber(text)).toBe(day));

  it.each([
    '2027-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-12-32',
    '2026-1-01',
    '2026-12-01T00:00:00Z',
    ' 2026-12-01',
    '',
  ])('%j is no day', (text) => {
    expect(dayNumber(text)).toBeUndefined();
  });
});

describe('judgeExceptions on an analysis that kept only some policies (a figures-only gate)', () => {
  it('matches the kept policies, at their pointers in the report', async () => {
    const analysis = await analyseInputs({ value: minimalReport(), name: 'r.json' });
    for (const analysed of analysis.sources[0]?.reports[0]?.categories ?? []) {
      const kept = new Map(analysed.category.Policies.map((policy, index) => [index, policy] as const));
      analysed.keptPolicies = new Map([...kept].filter(([, policy]) => policy.PolicyId === 'StorageKeys'));
      analysed.category = { ...analysed.category, Policies: [] };
    }
    const [outcome] = judgeExceptions(analysis, [exception()], { today });
    expect(outcome?.state).toBe('active');
    expect(outcome?.accepted.map((match) => [match.policyId, match.pointer])).toEqual([
      ['StorageKeys', expect.stringMatching(/\/ResourceCategories\/\d+\/Policies\/1$/)],
    ]);
  });
});
