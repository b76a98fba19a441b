import { describe, expect, it } from 'vitest';
import type { AssertionResult } from '../../src/index.js';
import { untrustedInputs } from '../../src/gate/untrusted-inputs.js';
import { fakeAnalysis } from '../support/fake-analysis.js';

/** The gate's own assertion on its inputs: it is there only to fail. */
describe('untrustedInputs', () => {
  const failing = (actual: number, message: string): AssertionResult => ({
    name: 'inputs are valid reports',
    level: 'error',
    metric: 'validReports',
    passed: false,
    actual,
    expected: 'every input a valid report, at least one',
    scope: 'all inputs',
    pointer: '',
    message: `${message}; a gate cannot pass on reports it could not read (see the check's findings)`,
  });

  const ambiguous =
    '(a key twice in one object), whose values are ambiguous: JSON.parse keeps the last, another reader may keep the first';

  it.each<[string, ReturnType<typeof fakeAnalysis>, AssertionResult | undefined]>([
    ['sound inputs: nothing', fakeAnalysis([{ source: 'a.json' }, { source: 'b.json', valid: 2 }]), undefined],
    ['no valid report', fakeAnalysis([{ source: 'a.json', valid: 0 }]), failing(0, 'the inputs hold no valid report')],
    [
      'no valid report, one unparsed',
      fakeAnalysis([{ source: 'a.json', form: 'unparsed', valid: 0 }]),
      failing(0, 'the inputs hold no valid report'),
    ],
    [
      'one unreadable input beside a sound one',
      fakeAnalysis([{ source: 'a.json' }, { source: 'b.json', form: 'unparsed', valid: 0 }]),
      failing(1, 'b.json is unreadable, invalid or empty'),
    ],
    [
      'two',
      fakeAnalysis([
        { source: 'a.json', reportCount: 2, valid: 1 },
        { source: 'b.json', form: 'unparsed', valid: 0 },
      ]),
      failing(1, 'a.json, b.json are unreadable, invalid or empty'),
    ],
    ['no repeated key counted: nothing', fakeAnalysis([{ source: 'a.json', repeatedKeys: 0 }]), undefined],
    [
      'a repeated key beside a sound input',
      fakeAnalysis([{ source: 'a.json' }, { source: 'b.json', repeatedKeys: 1 }]),
      failing(2, `b.json has 1 repeated key ${ambiguous}`),
    ],
    [
      'repeated keys in two inputs, and a broken one, each said once',
      fakeAnalysis([
        { source: 'a.json', repeatedKeys: 3 },
        { source: 'b.json', form: 'unparsed', valid: 0 },
        { source: 'c.json', repeatedKeys: 1, reportCount: 2, valid: 1 },
      ]),
      failing(
        2,
        `b.json is unreadable, invalid or empty; a.json has 3 repeated keys ${ambiguous}; c.json has 1 repeated key ${ambiguous}`,
      ),
    ],
    [
      'no valid report wins over a repeated key',
      fakeAnalysis([{ source: 'a.json', valid: 0, repeatedKeys: 1 }]),
      failing(0, 'the inputs hold no valid report'),
    ],
  ])('%s', (_name, analysis, expected) => {
    expect(untrustedInputs(analysis)).toEqual(expected);
  });
});
