import { describe, expect, it } from 'vitest';
import type { ExceptionMatch, ExceptionOutcome, ExceptionState, RiskException } from '../../../src/model/exceptions.js';
import { mergedState, OutcomesAcrossInputs } from '../../../src/jobs/exceptions/merge-outcomes.js';

const exception = (id: string): RiskException => ({
  id,
  policies: ['P1'],
  accounts: ['*'],
  reason: 'Accepted for a while.',
  owner: 'owner@example.com',
  approvedBy: 'ciso@example.com',
  approved: '2026-01-01',
  expires: '2026-12-31',
  file: 'exceptions.yaml',
  pointer: '/exceptions/0',
});

const match = (source: string, compliance: string): ExceptionMatch => ({
  source,
  pointer: '/ResourceCategories/0/Policies/0',
  policyId: 'P1',
  accountId: 'a1',
  accountName: 'A',
  benchmarkId: 'CIS',
  compliance,
  severity: 'High',
});

const outcome = (
  id: string,
  state: ExceptionState,
  matches: ExceptionMatch[] = [],
  accepted: ExceptionMatch[] = [],
): ExceptionOutcome => ({ exception: exception(id), state, daysLeft: 30, matches, accepted });

describe('mergedState', () => {
  const cases: { name: string; input: [ExceptionState, ExceptionState]; expected: ExceptionState }[] = [
    { name: 'expired wins over accepting', input: ['active', 'expired'], expected: 'expired' },
    { name: 'expired wins over unused', input: ['expired', 'unused'], expected: 'expired' },
    { name: 'expiring over active', input: ['active', 'expiring'], expected: 'expiring' },
    { name: 'accepting in one input over unused in another', input: ['unused', 'active'], expected: 'active' },
    { name: 'accepting over unneeded', input: ['unneeded', 'expiring'], expected: 'expiring' },
    { name: 'matching a passing policy over matching nothing', input: ['unused', 'unneeded'], expected: 'unneeded' },
    { name: 'unused only when unused everywhere', input: ['unused', 'unused'], expected: 'unused' },
  ];
  it.each(cases)('$name', ({ input: [a, b], expected }) => {
    expect(mergedState(a, b)).toBe(expected);
    expect(mergedState(b, a)).toBe(expected);
  });
});

describe('OutcomesAcrossInputs', () => {
  it('has no outcome before any input', () => {
    expect(new OutcomesAcrossInputs().outcomes()).toEqual([]);
  });

  it("gathers each exception's matches and accepted policies over the inputs, in input order, and merges its state", () => {
    const across = new OutcomesAcrossInputs();
    const red = match('a.json', 'Red');
    const green = match('b.json', 'Green');
    const amber = match('c.json', 'Amber');
    across.add([outcome('EXC-1', 'active', [red], [red]), outcome('EXC-2', 'unused'), outcome('EXC-3', 'unused')]);
    across.add([
      outcome('EXC-1', 'unneeded', [green]),
      outcome('EXC-2', 'unused'),
      outcome('EXC-3', 'unneeded', [green]),
    ]);
    across.add([outcome('EXC-1', 'active', [amber], [amber]), outcome('EXC-2', 'unused'), outcome('EXC-3', 'unused')]);
    const merged = across.outcomes();
    expect(merged.map((each) => [each.exception.id, each.state])).toEqual([
      ['EXC-1', 'active'],
      ['EXC-2', 'unused'],
      ['EXC-3', 'unneeded'],
    ]);
    expect(merged[0]?.matches).toEqual([red, green, amber]);
    expect(merged[0]?.accepted).toEqual([red, amber]);
    expect(merged[0]?.daysLeft).toBe(30);
    expect(merged[2]?.accepted).toEqual([]);
  });

  it('leaves the outcomes handed out before unchanged by later inputs', () => {
    const across = new OutcomesAcrossInputs();
    const red = match('a.json', 'Red');
    across.add([outcome('EXC-1', 'unused')]);
    const first = across.outcomes();
    across.add([outcome('EXC-1', 'active', [red], [red])]);
    expect(first[0]).toMatchObject({ state: 'unused', matches: [], accepted: [] });
    expect(across.outcomes()[0]).toMatchObject({ state: 'active', matches: [red], accepted: [red] });
  });
});
