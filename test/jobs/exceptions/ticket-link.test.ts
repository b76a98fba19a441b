import { describe, expect, it } from 'vitest';
import { exceptionsRecord } from '../../../src/analyse/exceptions/exceptions-record.js';
import { isCspmError } from '../../../src/error/cspm-error.js';
import { checkExceptions } from '../../../src/jobs/exceptions/check-exceptions.js';
import { runExceptionsOf } from '../../../src/jobs/exceptions/run-exceptions.js';
import { checkTicketUrl, ticketLink, ticketUrlProblem } from '../../../src/jobs/exceptions/ticket-link.js';
import type { RiskException } from '../../../src/model/exceptions.js';

const template = 'https://jira.example.com/browse/{ticket}';

describe('ticketUrlProblem', () => {
  it.each([
    { name: 'an https: template', input: template, expected: undefined },
    { name: 'an http: template', input: 'http://tickets.internal/{ticket}', expected: undefined },
    { name: 'a ticket in the query', input: 'https://t.example.com/search?q={ticket}&x=1', expected: undefined },
    { name: 'a ticket in the fragment', input: 'https://t.example.com/#/{ticket}', expected: undefined },
    { name: 'a ticket twice', input: 'https://t.example.com/{ticket}?id={ticket}', expected: undefined },
    { name: 'no placeholder', input: 'https://jira.example.com/browse/', expected: /holds no \{ticket\}/ },
    { name: 'a relative URL', input: '/browse/{ticket}', expected: /not an absolute URL/ },
    { name: 'a javascript: URL', input: 'javascript:alert({ticket})', expected: /javascript: URL/ },
    { name: 'a file: URL', input: 'file:///tmp/{ticket}', expected: /file: URL/ },
    { name: 'a data: URL', input: 'data:text/html,{ticket}', expected: /data: URL/ },
    { name: 'a ticket in the host', input: 'https://{ticket}.example.com/', expected: /in the host/ },
    { name: 'a ticket as the host', input: 'https://{ticket}/', expected: /in the host/ },
    { name: 'a user name', input: 'https://me@jira.example.com/{ticket}', expected: /user name or password/ },
    { name: 'a password', input: 'https://:pw@jira.example.com/{ticket}', expected: /user name or password/ },
    { name: 'no host', input: 'https:///{ticket}', expected: /in the host/ },
  ])('$name', ({ input, expected }) => {
    const problem = ticketUrlProblem(input);
    if (expected === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatch(expected);
  });

  it('checkTicketUrl throws a usage error naming the option, and hands a good template back', () => {
    expect(checkTicketUrl(template)).toBe(template);
    let thrown: unknown;
    try {
      checkTicketUrl('ftp://x/{ticket}');
    } catch (error) {
      thrown = error;
    }
    expect(isCspmError(thrown) && thrown.code).toBe('usage');
    expect(String(thrown)).toContain('--ticket-url ftp://x/{ticket}');
    expect(isCspmError(thrown) && thrown.data).toEqual({ option: 'ticket-url', value: 'ftp://x/{ticket}' });
  });
});

describe('ticketLink', () => {
  it.each([
    { name: 'a plain ticket', input: 'SEC-1234', expected: 'https://jira.example.com/browse/SEC-1234' },
    {
      name: 'a ticket that would break out of an attribute',
      input: 'SEC-1"><script>',
      expected: 'https://jira.example.com/browse/SEC-1%22%3E%3Cscript%3E',
    },
    { name: 'a path that climbs', input: 'a/../b', expected: 'https://jira.example.com/browse/a%2F..%2Fb' },
    { name: 'spaces', input: 'SEC 12 34', expected: 'https://jira.example.com/browse/SEC%2012%2034' },
    {
      name: 'what encodeURIComponent leaves',
      input: "a(b)c!d'e*f",
      expected: 'https://jira.example.com/browse/a%28b%29c%21d%27e%2Af',
    },
    { name: 'a query and a fragment', input: 'x?y=1#z', expected: 'https://jira.example.com/browse/x%3Fy%3D1%23z' },
    { name: 'non-ASCII', input: 'SÉC-1', expected: 'https://jira.example.com/browse/S%C3%89C-1' },
  ])('$name', ({ input, expected }) => {
    expect(ticketLink(template, input)).toBe(expected);
  });

  it('fills every {ticket} of the template', () => {
    expect(ticketLink('https://t.example.com/{ticket}?id={ticket}', 'A B')).toBe(
      'https://t.example.com/A%20B?id=A%20B',
    );
  });
});

describe('runExceptionsOf with a ticket URL template', () => {
  const exception = (ticket?: string): RiskException => ({
    id: 'EXC-1',
    policies: ['P'],
    accounts: ['*'],
    reason: 'r',
    owner: 'o',
    approvedBy: 'a',
    approved: '2026-01-01',
    expires: '2026-12-31',
    file: 'x.yaml',
    pointer: '/exceptions/0',
    ...(ticket === undefined ? {} : { ticket }),
  });
  const read = { files: [], exceptions: [exception('SEC-1'), exception()] };

  it('links each ticket, and leaves an exception without one as it is', () => {
    const run = runExceptionsOf({ exceptions: read, ticketUrl: template });
    expect(run?.exceptions[0]?.ticketUrl).toBe('https://jira.example.com/browse/SEC-1');
    expect(run?.exceptions[1]).toBe(read.exceptions[1]);
  });

  it('links nothing without one', () => {
    expect(runExceptionsOf({ exceptions: read })).toBe(read);
  });

  it('refuses a template that cannot make links, even with no exceptions given', () => {
    expect(() => runExceptionsOf({ ticketUrl: 'https://x.example.com/' })).toThrow(/--ticket-url/);
    expect(() => runExceptionsOf({ exceptions: read, ticketUrl: 'nope/{ticket}' })).toThrow(/not an absolute URL/);
  });
});

describe('checkExceptions with a ticket URL template', () => {
  const risks = 'test/fixtures/exceptions/risks.yaml';
  const today = new Date('2026-12-02T18:30:00Z');

  it('links the tickets of the files it checks, and only with a template', async () => {
    const linked = await checkExceptions([risks], undefined, { today, ticketUrl: template });
    expect(linked.outcomes[0]?.exception).toMatchObject({
      ticket: 'SEC-1234',
      ticketUrl: 'https://jira.example.com/browse/SEC-1234',
    });
    const plain = await checkExceptions([risks], undefined, { today });
    expect(plain.outcomes.map((outcome) => outcome.exception.ticketUrl)).toEqual(plain.outcomes.map(() => undefined));
  });

  it('refuses a template that cannot make links before any file is read', async () => {
    await expect(checkExceptions(['no-such-file.yaml'], undefined, { ticketUrl: 'https://x/' })).rejects.toThrow(
      /--ticket-url https:\/\/x\/ cannot make links/,
    );
  });
});

describe('exceptionsRecord with a ticket URL template', () => {
  const outcome = (exception: RiskException) => ({
    exception,
    state: 'active' as const,
    daysLeft: 10,
    matches: [],
    accepted: [],
  });
  const base = {
    id: 'EXC-1',
    policies: ['P'],
    accounts: ['*'],
    reason: 'r',
    owner: 'o',
    approvedBy: 'a',
    approved: '2026-01-01',
    expires: '2026-12-31',
    file: 'x.yaml',
    pointer: '/exceptions/0',
  };
  const record = (exception: RiskException) =>
    exceptionsRecord({ files: [], outcomes: [outcome(exception)], judgedOn: '2026-12-02' }).exceptions[0];

  it('records the ticket and its link where the run has a template', () => {
    expect(record({ ...base, ticket: 'SEC-1', ticketUrl: 'https://t.example.com/SEC-1' })).toMatchObject({
      ticket: 'SEC-1',
      ticketUrl: 'https://t.example.com/SEC-1',
    });
  });

  it('records neither without one, as before', () => {
    expect(Object.keys(record({ ...base, ticket: 'SEC-1' }) ?? {})).not.toContain('ticket');
    expect(Object.keys(record(base) ?? {})).not.toContain('ticketUrl');
  });

  it('records no link without its ticket', () => {
    expect(Object.keys(record({ ...base, ticketUrl: 'https://t.example.com/x' }) ?? {})).not.toContain('ticketUrl');
  });

  it('names as applied the exceptions that accepted a policy, in file order', () => {
    const match = {
      source: 's.json',
      pointer: '/p',
      policyId: 'P',
      accountId: 'a',
      accountName: 'A',
      benchmarkId: 'B',
      compliance: 'Red',
      severity: 'High',
    };
    const outcomes = [
      { ...outcome({ ...base, id: 'EXC-1' }), matches: [match], accepted: [match] },
      outcome({ ...base, id: 'EXC-2' }),
      { ...outcome({ ...base, id: 'EXC-3' }), matches: [match], accepted: [match] },
    ];
    expect(exceptionsRecord({ files: [], outcomes, judgedOn: '2026-12-02' }).applied).toEqual(['EXC-1', 'EXC-3']);
  });
});
