import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readExceptions } from '../../../src/jobs/exceptions/read-exceptions.js';
import { isCspmError } from '../../../src/index.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();

/** One valid exception in YAML, with `lines` replacing or adding its keys. */
function entry(lines: Record<string, string> = {}): string {
  const keys: Record<string, string> = {
    id: 'EXC-2026-014',
    policy: 'SubnetHasNSG',
    accounts: '["a1f0c9e2-*"]',
    reason: 'Legacy subnet behind the firewall; migrates in Q2',
    owner: 'net-team@example.com',
    approvedBy: 'ciso@example.com',
    approved: '2026-11-01',
    expires: '2027-03-31',
    ...lines,
  };
  return Object.entries(keys)
    .filter(([, value]) => value !== '')
    .map(([key, value], index) => `${index === 0 ? '  - ' : '    '}${key}: ${value}`)
    .join('\n');
}

function file(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

/** The message of the error reading `text` as an exceptions file, with the folder left out. */
function refusal(text: string, options = {}): string {
  const dir = tempDir();
  const path = join(dir, 'exceptions.yaml');
  writeFileSync(path, text);
  try {
    readExceptions([path], options);
  } catch (error) {
    if (!isCspmError(error)) throw error;
    return `${error.code}: ${error.message.replace(`${dir}/`, '')}`;
  }
  return 'read without error';
}

describe('readExceptions: a valid file', () => {
  it('gives each exception with its file and pointer, and the file with its SHA-256 and ids', () => {
    const text = `exceptions:\n${entry()}\n${entry({ id: 'EXC-2', policy: '', policies: '[A, B]', benchmark: 'CIS*', category: 'Networking', ticket: 'SEC-1234' })}\n`;
    const path = file('exceptions.yaml', text);
    const { files, exceptions } = readExceptions([path]);
    expect(files).toEqual([
      { path, sha256: createHash('sha256').update(text).digest('hex'), ids: ['EXC-2026-014', 'EXC-2'] },
    ]);
    expect(exceptions[0]).toStrictEqual({
      id: 'EXC-2026-014',
      policies: ['SubnetHasNSG'],
      accounts: ['a1f0c9e2-*'],
      reason: 'Legacy subnet behind the firewall; migrates in Q2',
      owner: 'net-team@example.com',
      approvedBy: 'ciso@example.com',
      approved: '2026-11-01',
      expires: '2027-03-31',
      file: path,
      pointer: '/exceptions/0',
    });
    expect(exceptions[1]).toMatchObject({
      policies: ['A', 'B'],
      benchmark: 'CIS*',
      category: 'Networking',
      ticket: 'SEC-1234',
      pointer: '/exceptions/1',
    });
  });

  it('reads JSON as well, and an empty list as no exception', () => {
    const json = file('e.json', JSON.stringify({ exceptions: [] }));
    expect(readExceptions([json]).exceptions).toEqual([]);
  });

  it('takes an exception that ends the day it was approved, a reason of three words, and TODO inside a sentence', () => {
    expect(refusal(`exceptions:\n${entry({ expires: '2026-11-01' })}\n`)).toBe('read without error');
    expect(refusal(`exceptions:\n${entry({ reason: 'Keys rotate manually' })}\n`)).toBe('read without error');
    expect(refusal(`exceptions:\n${entry({ reason: 'Migration tracked in SEC-12, not a TODO left open' })}\n`)).toBe(
      'read without error',
    );
  });

  it('takes an expiry up to the longest run given', () => {
    expect(refusal(`exceptions:\n${entry({ expires: '2027-11-01' })}\n`)).toBe('read without error');
    expect(refusal(`exceptions:\n${entry({ expires: '2027-01-30' })}\n`, { maxDays: 90 })).toBe('read without error');
  });
});

describe('readExceptions: a file that does not check fails the run, naming file, line, column and pointer', () => {
  it.each([
    [
      'a missing owner',
      `exceptions:\n${entry({ owner: '' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:2:5: /exceptions/0: missing "owner"',
    ],
    [
      'a missing expiry',
      `exceptions:\n${entry({ expires: '' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:2:5: /exceptions/0: missing "expires"',
    ],
    [
      'both policy and policies',
      `exceptions:\n${entry({ policies: '[A]' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:2:5: /exceptions/0: needs exactly one of "policy" and "policies"',
    ],
    [
      'every policy',
      `exceptions:\n${entry({ policy: '"*"' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:3:13: /exceptions/0/policy: must be a PolicyId, exactly: an exception names the policies it accepts (no * or ?)',
    ],
    [
      'a policy glob in a list',
      `exceptions:\n${entry({ policy: '', policies: '[A, "Subnet*"]' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:9:19: /exceptions/0/policies/1: must be a PolicyId, exactly: an exception names the policies it accepts (no * or ?)',
    ],
    [
      'no account',
      `exceptions:\n${entry({ accounts: '[]' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:4:15: /exceptions/0/accounts: must name at least one',
    ],
    [
      'an unknown key',
      `exceptions:\n${entry({ expiry: '2027-01-01' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:10:5: /exceptions/0/expiry: unknown key "expiry"',
    ],
    [
      'a date that is no day',
      `exceptions:\n${entry({ expires: '2027-02-29' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:9:14: /exceptions/0/expires: "2027-02-29" is no day of the calendar',
    ],
    [
      'a date in another form',
      `exceptions:\n${entry({ approved: '01/11/2026' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:8:15: /exceptions/0/approved: must be a day, YYYY-MM-DD',
    ],
    [
      'an expiry before the approval',
      `exceptions:\n${entry({ expires: '2026-10-31' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:9:14: /exceptions/0/expires: expires 2026-10-31, before it was approved (2026-11-01)',
    ],
    [
      'an expiry past a year',
      `exceptions:\n${entry({ expires: '2027-11-02' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:9:14: /exceptions/0/expires: expires 366 days after it was approved; an exception runs at most 365 days (--max-exception-days): renew it when it ends',
    ],
    [
      'approved by its owner',
      `exceptions:\n${entry({ approvedBy: 'Net-Team@example.com' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:7:17: /exceptions/0/approvedBy: approved by its owner (net-team@example.com); someone else approves a risk',
    ],
    [
      'a reason that is no sentence',
      `exceptions:\n${entry({ reason: 'n/a' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:5:13: /exceptions/0/reason: must say why the risk is accepted, in a sentence',
    ],
    [
      'a blank owner',
      `exceptions:\n${entry({ owner: '" "' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:6:12: /exceptions/0/owner: must not be blank',
    ],
    [
      'an imported owner left to fill in',
      `exceptions:\n${entry({ owner: 'TODO owner' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:6:12: /exceptions/0/owner: still says TODO: fill it in (an imported exception needs a reason, an owner, an approver and its dates before it counts)',
    ],
    [
      'an imported date left to fill in',
      `exceptions:\n${entry({ expires: 'TODO' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:9:14: /exceptions/0/expires: still says TODO: fill it in (an imported exception needs a reason, an owner, an approver and its dates before it counts)',
    ],
    [
      'a reason of two words',
      `exceptions:\n${entry({ reason: 'legacy subnet' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:5:13: /exceptions/0/reason: must say why the risk is accepted, in a sentence',
    ],
    [
      'approved by its owner, spaces aside',
      `exceptions:\n${entry({ approvedBy: '" net-team@example.com "' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:7:17: /exceptions/0/approvedBy: approved by its owner (net-team@example.com); someone else approves a risk',
    ],
    [
      'a TODO in a list',
      `exceptions:\n${entry({ accounts: '["a1f0c9e2-*", " TODO: more"]' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:4:30: /exceptions/0/accounts/1: still says TODO: fill it in (an imported exception needs a reason, an owner, an approver and its dates before it counts)',
    ],
    ['an empty file', '', 'exceptions-invalid: invalid exceptions file: exceptions.yaml: (document): must be object'],
    [
      'a repeated id',
      `exceptions:\n${entry()}\n${entry({ policy: 'Other' })}\n`,
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:10:9: /exceptions/1/id: id "EXC-2026-014" is also the id of /exceptions/0; each exception needs its own',
    ],
    [
      'a repeated key',
      'exceptions: []\nexceptions: []\n',
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:2:1: key "exceptions" appears twice in the top-level mapping (lines 1 and 2)',
    ],
    [
      'no exceptions key',
      'assertions: []\n',
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:1:1: not a YAML or JSON exceptions file (no "exceptions" at its top)',
    ],
    [
      'text that is no YAML',
      'exceptions: [\n',
      'exceptions-invalid: invalid exceptions file: exceptions.yaml:2:1: not a YAML or JSON exceptions file (it stops parsing here: bad indent)',
    ],
    [
      'an alias bomb',
      `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nexceptions: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n`,
      'exceptions-aliases: too many aliases in an exceptions file: exceptions.yaml: its aliases expand past 100 copies (a YAML alias bomb?); write the values out',
    ],
  ])('%s', (_name, text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it('refuses an id given in two files, naming both', () => {
    const first = file('a.yaml', `exceptions:\n${entry()}\n`);
    const second = file('b.yaml', `exceptions:\n${entry({ policy: 'Other' })}\n`);
    expect(() => readExceptions([first, second])).toThrow(
      `invalid exceptions file: ${second}:2:9: /exceptions/0/id: id "EXC-2026-014" is also the id of /exceptions/0 in ${first}; each exception needs its own`,
    );
  });

  it('refuses a missing file and a named pipe, without opening the pipe', () => {
    expect(() => readExceptions([join(tempDir(), 'missing.yaml')])).toThrow(
      expect.objectContaining({ code: 'input-not-found' }),
    );
    const fifo = join(tempDir(), 'fifo.yaml');
    execFileSync('mkfifo', [fifo]);
    expect(() => readExceptions([fifo])).toThrow(expect.objectContaining({ code: 'input-not-regular' }));
  });
});
