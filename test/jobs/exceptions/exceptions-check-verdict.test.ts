import { describe, expect, it } from 'vitest';
import { exceptionsCheckVerdict } from '../../../src/jobs/exceptions/exceptions-check-verdict.js';
import type { ExceptionOutcome, ExceptionState } from '../../../src/model/exceptions.js';

function outcome(id: string, state: ExceptionState, daysLeft: number): ExceptionOutcome {
  return {
    exception: {
      id,
      policies: ['P'],
      accounts: ['*'],
      reason: 'A reason in words.',
      owner: `${id.toLowerCase()}@example.com`,
      approvedBy: 'ciso@example.com',
      approved: '2026-11-01',
      expires: '2026-12-10',
      file: 'risks.yaml',
      pointer: '/exceptions/0',
    },
    state,
    daysLeft,
    matches: [],
    accepted: [],
  };
}

const expired = outcome('E', 'expired', -3);
const expiring = outcome('S', 'expiring', 0);
const unused = outcome('U', 'unused', 40);
const unneeded = outcome('N', 'unneeded', 40);
const active = outcome('A', 'active', 40);

const texts = {
  expired: 'E expired 2026-12-10 (3 days ago), owner e@example.com',
  expiring: 'S expires 2026-12-10 (today), owner s@example.com',
  unused: 'U (risks.yaml /exceptions/0) matches no policy',
  unneeded: 'N (risks.yaml /exceptions/0) matches only Green or Gray policies: the risk is gone',
};

describe('the verdict of exceptions check', () => {
  it.each([
    { name: 'nothing', outcomes: [], failOn: 'error', expected: [0, []] },
    { name: 'an active one', outcomes: [active], failOn: 'warning', expected: [0, []] },
    { name: 'an expired one', outcomes: [active, expired], failOn: 'error', expected: [1, [texts.expired]] },
    { name: 'an expiring one', outcomes: [expiring], failOn: 'error', expected: [0, [texts.expiring]] },
    {
      name: 'an expiring one, warnings failing',
      outcomes: [expiring],
      failOn: 'warning',
      expected: [1, [texts.expiring]],
    },
    { name: 'an unused one', outcomes: [unused], failOn: 'error', expected: [0, [texts.unused]] },
    { name: 'an unused one, warnings failing', outcomes: [unused], failOn: 'warning', expected: [1, [texts.unused]] },
    { name: 'an unneeded one', outcomes: [unneeded], failOn: 'error', expected: [0, [texts.unneeded]] },
    {
      name: 'an unneeded one, warnings failing',
      outcomes: [unneeded],
      failOn: 'warning',
      expected: [1, [texts.unneeded]],
    },
    {
      name: 'an expired one and warnings',
      outcomes: [unused, expired, expiring],
      failOn: 'error',
      expected: [1, [texts.expired, texts.unused, texts.expiring]],
    },
    {
      name: 'an expired one and warnings, warnings failing',
      outcomes: [unused, expired, expiring],
      failOn: 'warning',
      expected: [1, [texts.expired, texts.unused, texts.expiring]],
    },
  ] as const)('$name under $failOn', ({ outcomes, failOn, expected: [exitCode, reasons] }) => {
    expect(exceptionsCheckVerdict(outcomes, failOn)).toEqual({
      status: exitCode === 0 ? 'pass' : 'fail',
      exitCode,
      reasons,
    });
  });

  it('fails on reports it cannot trust, saying why first', () => {
    expect(exceptionsCheckVerdict([unused], 'error', 'no valid benchmark report in the reports')).toEqual({
      status: 'fail',
      exitCode: 1,
      reasons: ['no valid benchmark report in the reports', texts.unused],
    });
  });
});
