import { describe, expect, it } from 'vitest';
import type { Analysis, Verdict } from '../../src/index.js';
import type { FailOn } from '../../src/model/fail-closed.js';
import {
  checkVerdict,
  comparisonProblem,
  failed,
  inputsProblem,
  passed,
  untrustedText,
} from '../../src/jobs/verdicts.js';
import { fakeAnalysis } from '../support/fake-analysis.js';

describe('passed and failed', () => {
  it('make verdicts with their exit codes and reasons', () => {
    expect(passed()).toEqual({ status: 'pass', exitCode: 0, reasons: [] });
    expect(passed('1 warning')).toEqual({ status: 'pass', exitCode: 0, reasons: ['1 warning'] });
    expect(failed(3, 'gate failed', 'and more')).toEqual({
      status: 'fail',
      exitCode: 3,
      reasons: ['gate failed', 'and more'],
    });
  });
});

describe('inputsProblem and checkVerdict', () => {
  it.each<[string, Analysis, FailOn, string | undefined]>([
    ['clean inputs', fakeAnalysis([{ source: 'a' }]), 'error', undefined],
    ['a warning, failing on errors', fakeAnalysis([{ source: 'a' }], { warnings: 1 }), 'error', undefined],
    [
      'an error, failing on errors',
      fakeAnalysis([{ source: 'a' }], { errors: 1 }),
      'error',
      'findings at or above error in the inputs (1 error, 0 warnings)',
    ],
    [
      'a warning, failing on warnings',
      fakeAnalysis([{ source: 'a' }], { warnings: 1 }),
      'warning',
      'findings at or above warning in the inputs (0 errors, 1 warning)',
    ],
    ['errors, never failing', fakeAnalysis([{ source: 'a' }], { errors: 2, warnings: 3 }), 'never', undefined],
    [
      'no valid report, never failing',
      fakeAnalysis([{ source: 'a', valid: 0 }]),
      'never',
      'no valid benchmark report in the inputs',
    ],
    [
      'no valid report and errors',
      fakeAnalysis([{ source: 'a', valid: 0 }], { errors: 1 }),
      'error',
      'no valid benchmark report in the inputs',
    ],
    [
      'an input that did not parse, never failing',
      fakeAnalysis([{ source: 'a' }, { source: 'b', form: 'unparsed', valid: 0 }]),
      'never',
      'b is unreadable, invalid or empty in the inputs: an input that could not be read or analysed fails whatever the fail-on level',
    ],
    [
      'a report that did not validate, never failing',
      fakeAnalysis([{ source: 'a', reportCount: 2 }]),
      'never',
      'a is unreadable, invalid or empty in the inputs: an input that could not be read or analysed fails whatever the fail-on level',
    ],
    [
      'a failed call, never failing',
      fakeAnalysis(
        [{ source: 'a' }, { source: 'b', valid: 0, findings: [{ rule: 'envelope-failure', severity: 'error' }] }],
        { errors: 1 },
      ),
      'never',
      'b is unreadable, invalid or empty in the inputs: an input that could not be read or analysed fails whatever the fail-on level',
    ],
    [
      'an unreadable input and a repeated key: the unreadable one first',
      fakeAnalysis([
        { source: 'a', repeatedKeys: 1 },
        { source: 'b', form: 'unparsed', valid: 0 },
      ]),
      'never',
      'b is unreadable, invalid or empty in the inputs: an input that could not be read or analysed fails whatever the fail-on level',
    ],
    [
      'a file skipped as no report, never failing',
      fakeAnalysis(
        [{ source: 'a' }, { source: 'b', valid: 0, findings: [{ rule: 'not-a-report', severity: 'warning' }] }],
        { warnings: 1 },
      ),
      'never',
      undefined,
    ],
    [
      'failing findings come before an unreadable input',
      fakeAnalysis([{ source: 'a' }, { source: 'b', form: 'unparsed', valid: 0 }], { errors: 1 }),
      'error',
      'findings at or above error in the inputs (1 error, 0 warnings)',
    ],
  ])('%s', (_name, analysis, failOn, problem) => {
    expect(inputsProblem(analysis, failOn)).toBe(problem);
    const verdict: Verdict =
      problem === undefined
        ? { status: 'pass', exitCode: 0, reasons: [] }
        : { status: 'fail', exitCode: 1, reasons: [problem] };
    expect(checkVerdict(analysis, failOn)).toEqual(verdict);
  });

  it('names what the inputs are', () => {
    expect(inputsProblem(fakeAnalysis([{ source: 'a', valid: 0 }]), 'error', 'the baseline')).toBe(
      'no valid benchmark report in the baseline',
    );
    expect(inputsProblem(fakeAnalysis([{ source: 'a' }], { errors: 2 }), 'error', 'the baseline')).toBe(
      'findings at or above error in the baseline (2 errors, 0 warnings)',
    );
  });
});

describe('comparisonProblem', () => {
  it.each<[string, Analysis, FailOn, string | undefined]>([
    ['clean inputs', fakeAnalysis([{ source: 'a' }]), 'error', undefined],
    [
      'a repeated key, with its rule silenced',
      fakeAnalysis([{ source: 'a' }, { source: 'b.json', repeatedKeys: 2 }]),
      'never',
      'a key given twice in one object in the later scan (b.json): its values are ambiguous',
    ],
    ['no repeated key counted', fakeAnalysis([{ source: 'a', repeatedKeys: 0 }]), 'error', undefined],
    [
      'no valid report comes first',
      fakeAnalysis([{ source: 'a', valid: 0, repeatedKeys: 1 }]),
      'never',
      'no valid benchmark report in the later scan',
    ],
    [
      'failing findings come first',
      fakeAnalysis([{ source: 'a', repeatedKeys: 1 }], { errors: 1 }),
      'error',
      'findings at or above error in the later scan (1 error, 0 warnings)',
    ],
  ])('%s', (_name, analysis, failOn, problem) => {
    expect(comparisonProblem(analysis, failOn, 'the later scan')).toBe(problem);
  });

  it('is what the check says: a repeated key fails it too, whatever failOn says', () => {
    const analysis = fakeAnalysis([{ source: 'b.json', repeatedKeys: 1 }]);
    expect(checkVerdict(analysis, 'never')).toEqual({
      status: 'fail',
      exitCode: 1,
      reasons: ['a key given twice in one object in the inputs (b.json): its values are ambiguous'],
    });
  });
});

describe('untrustedText', () => {
  const broken = (...names: string[]) =>
    fakeAnalysis([
      { source: 'fine.json' },
      ...names.map((source) => ({ source, form: 'unparsed' as const, valid: 0 })),
    ]);

  it.each<[string, Analysis, string | undefined]>([
    ['no broken input', broken(), undefined],
    ['one', broken('a.json'), 'a.json is unreadable, invalid or empty'],
    ['three', broken('a.json', 'b.json', 'c.json'), 'a.json, b.json, c.json are unreadable, invalid or empty'],
    [
      'five: three named',
      broken('a.json', 'b.json', 'c.json', 'd.json', 'e.json'),
      'a.json, b.json, c.json and 2 more are unreadable, invalid or empty',
    ],
  ])('%s', (_name, analysis, text) => {
    expect(untrustedText(analysis)).toBe(text);
  });
});
