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

  it.each<[string, ReturnType<typeof fakeAnalysis>, AssertionResult | undefined]>([
    ['sound inputs: nothing', fakeAnalysis([{ source: 'a.json' }, { source: 'b.json', valid: 2 }]), undefined],
    ['no valid report', fakeAnalysis([{ source: 'a.json', valid: 0 }]), failing(0, 'the inputs hold no valid report')],
    ['no valid report, one unparsed', fakeAnalysis([{ source: 'a.json', form: 'unparsed', valid: 0 }]), failing(0, 'the inputs hold no valid report')],
    ['one unreadable input beside a sound one', fakeAnalysis([{ source: 'a.json' }, { source: 'b.json', form: 'unparsed', valid: 0 }]), failing(1, 'b.json is unreadable, invalid or empty')],
    ['two', fakeAnalysis([{ source: 'a.json', reportCount: 2, valid: 1 }, { source: 'b.json', form: 'unparsed', valid: 0 }]), failing(1, 'a.json, b.json are unreadable, invalid or empty')],
  ])('%s', (_name, analysis, expected) => {
    expect(untrustedInputs(analysis)).toEqual(expected);
  });
});
