import { describe, expect, it } from 'vitest';
import { isCspmError, type Analysis, type RuleId, type SeveritySetting } from '../../src/index.js';
import {
  assertRuleSettings,
  canBeCompared,
  failOnLevels,
  hasFailingFindings,
  hasValidReport,
  judgeFindingsResult,
  scanOrderProblems,
  untrustedSources,
  withNoValidReport,
  type FailOn,
} from '../../src/model/fail-closed.js';
import { fakeAnalysis } from '../support/fake-analysis.js';
import { diffOf, reportDiff, scan } from '../support/fake-diff.js';

describe('hasFailingFindings and canBeCompared', () => {
  it.each<[string, Analysis, FailOn | undefined, boolean, boolean]>([
    // name, analysis, failOn, failing findings, can be compared
    ['clean, by default', fakeAnalysis([{ source: 'a' }]), undefined, false, true],
    ['an error, by default', fakeAnalysis([{ source: 'a' }], { errors: 1 }), undefined, true, false],
    ['a warning, by default', fakeAnalysis([{ source: 'a' }], { warnings: 1 }), undefined, false, true],
    ['an error, failing on errors', fakeAnalysis([{ source: 'a' }], { errors: 1 }), 'error', true, false],
    ['a warning, failing on warnings', fakeAnalysis([{ source: 'a' }], { warnings: 1 }), 'warning', true, false],
    ['an error, failing on warnings', fakeAnalysis([{ source: 'a' }], { errors: 2 }), 'warning', true, false],
    ['clean, failing on warnings', fakeAnalysis([{ source: 'a' }]), 'warning', false, true],
    [
      'errors and warnings, never failing',
      fakeAnalysis([{ source: 'a' }], { errors: 1, warnings: 1 }),
      'never',
      false,
      true,
    ],
    [
      'no valid report, never failing: still not comparable',
      fakeAnalysis([{ source: 'a', valid: 0 }]),
      'never',
      false,
      false,
    ],
    [
      'a repeated key, never failing: still not comparable',
      fakeAnalysis([{ source: 'a' }, { source: 'b', repeatedKeys: 1 }]),
      'never',
      false,
      false,
    ],
    ['no repeated key counted', fakeAnalysis([{ source: 'a', repeatedKeys: 0 }]), 'never', false, true],
  ])('%s', (_name, analysis, failOn, failing, comparable) => {
    expect(hasFailingFindings(analysis, failOn)).toBe(failing);
    expect(canBeCompared(analysis, failOn)).toBe(comparable);
  });

  it('fails on each level of failOnLevels at and above it, and never on never', () => {
    const warned = fakeAnalysis([{ source: 'a' }], { warnings: 1 });
    const erred = fakeAnalysis([{ source: 'a' }], { errors: 1 });
    expect(
      failOnLevels.map((level) => [level, hasFailingFindings(warned, level), hasFailingFindings(erred, level)]),
    ).toEqual([
      ['error', false, true],
      ['warning', true, true],
      ['never', false, false],
    ]);
  });

  it.each([
    [0, false],
    [1, true],
    [3, true],
  ])('%i valid reports: has a valid report %s', (valid, has) => {
    expect(hasValidReport(fakeAnalysis([{ source: 'a', valid }]))).toBe(has);
  });
});

describe('untrustedSources', () => {
  it('names the inputs that did not parse, lost a report to validation, or hold nothing to judge', () => {
    const analysis = fakeAnalysis([
      { source: 'good.json' },
      { source: 'unparsed.json', form: 'unparsed', valid: 0 },
      { source: 'one-invalid.json', reportCount: 3, valid: 2 },
      { source: 'all-valid.json', reportCount: 2, valid: 2 },
      { source: 'failed-call.json', valid: 0, findings: [{ rule: 'envelope-failure', severity: 'error' }] },
      { source: 'syntax-as-warning.json', findings: [{ rule: 'json-syntax', severity: 'warning' }] },
      { source: 'empty.json', valid: 0, findings: [{ rule: 'empty-report', severity: 'warning' }] },
      { source: 'warned.json', findings: [{ rule: 'compliance-percent', severity: 'warning' }] },
      { source: 'errored.json', findings: [{ rule: 'category-total', severity: 'error' }] },
      { source: 'repeated-key.json', repeatedKeys: 2 },
      { source: 'no-repeat-counted.json', repeatedKeys: 0 },
      { source: 'named-not-a-report.json', valid: 0, findings: [{ rule: 'not-a-report', severity: 'error' }] },
      { source: 'listed-not-a-report.json', valid: 0, findings: [{ rule: 'not-a-report', severity: 'warning' }] },
      { source: 'schema-of-the-envelope.json', findings: [{ rule: 'schema', severity: 'error' }] },
      { source: 'duplicate-key-finding.json', findings: [{ rule: 'duplicate-key', severity: 'error' }] },
    ]);
    expect(untrustedSources(analysis).map((source) => source.source)).toEqual([
      'unparsed.json',
      'one-invalid.json',
      'failed-call.json',
      'syntax-as-warning.json',
      'empty.json',
      'repeated-key.json',
      'named-not-a-report.json',
      'schema-of-the-envelope.json',
      'duplicate-key-finding.json',
    ]);
  });
});

describe('withNoValidReport', () => {
  it('adds an error to each input when none holds a valid report and no error says why', () => {
    const analysis = fakeAnalysis(
      [
        { source: 'a.json', valid: 0, findings: [{ rule: 'not-a-report', severity: 'warning' }] },
        { source: 'b.json', valid: 0 },
      ],
      { warnings: 1 },
    );
    const added = withNoValidReport(analysis);
    const finding = {
      rule: 'no-valid-report',
      severity: 'error',
      pointer: '',
      message: 'no valid benchmark report in the inputs: nothing passes on nothing, whatever rules are turned off',
    };
    expect(added.summary).toEqual({ ...analysis.summary, errors: 2 });
    expect(added.sources.map((source) => source.findings)).toEqual([
      [analysis.sources[0]!.findings[0], finding],
      [finding],
    ]);
    // The analysis given is left as it was.
    expect(analysis.summary.errors).toBe(0);
    expect(analysis.sources[1]!.findings).toEqual([]);
  });

  it.each<[string, Analysis]>([
    ['a valid report', fakeAnalysis([{ source: 'a.json' }, { source: 'b.json', valid: 0 }])],
    [
      'an error saying why',
      fakeAnalysis([{ source: 'a.json', valid: 0, findings: [{ rule: 'json-syntax', severity: 'error' }] }], {
        errors: 1,
      }),
    ],
  ])('leaves an analysis with %s as it is', (_name, analysis) => {
    expect(withNoValidReport(analysis)).toBe(analysis);
  });
});

describe('scanOrderProblems', () => {
  const early = '2024-03-11T06:00:00Z';
  const late = '2024-03-18T06:00:00Z';

  it.each<[string, ReturnType<typeof reportDiff>, { kind: string; message: string }[]]>([
    ['two scans in order', reportDiff([], scan('old.json', 'j1', early), scan('new.json', 'j2', late)), []],
    ['two scans of the same date', reportDiff([], scan('old.json', 'j1', early), scan('new.json', 'j2', early)), []],
    [
      'a later scan dated before the earlier one',
      reportDiff([], scan('old.json', 'j1', late), scan('new.json', 'j2', early)),
      [
        {
          kind: 'reversed',
          message: `B of account A: the later scan (new.json, ${early}) is dated before the earlier one (old.json, ${late}); give the older scan first`,
        },
      ],
    ],
    ['undated scans are not compared', reportDiff([], scan('old.json', 'j1', null), scan('new.json', 'j2', early)), []],
    [
      'an undated later scan is not compared',
      reportDiff([], scan('old.json', 'j1', late), scan('new.json', 'j2', null)),
      [],
    ],
    [
      'dates that do not parse are not compared',
      reportDiff([], scan('old.json', 'j1', 'last week'), scan('new.json', 'j2', early)),
      [],
    ],
    [
      'the same file and report on both sides',
      reportDiff([], scan('s.json', 'j1', early, '/0'), scan('s.json', 'j1', early, '/0')),
      [{ kind: 'same-scan', message: 'B of account A: both sides are the same file (s.json); compare two scans' }],
    ],
    [
      'the same file and report, without a job id',
      reportDiff([], scan('s.json', '', early, '/0'), scan('s.json', '', early, '/0')),
      [{ kind: 'same-scan', message: 'B of account A: both sides are the same file (s.json); compare two scans' }],
    ],
    // Two reports of one file are two scans, unless they are one job.
    [
      'two reports of one file',
      reportDiff([], scan('s.json', 'j1', early, '/0'), scan('s.json', 'j2', late, '/1')),
      [],
    ],
    [
      'the same job in two files',
      reportDiff([], scan('a.json', 'j1', early), scan('b.json', 'j1', late)),
      [
        {
          kind: 'same-scan',
          message: 'B of account A: both sides are the same scan job j1 (a.json, b.json); compare two scans',
        },
      ],
    ],
    [
      'no job id on either side is no sameness',
      reportDiff([], scan('a.json', '', early), scan('b.json', '', late)),
      [],
    ],
    [
      'the same job, also dated the wrong way round: one problem',
      reportDiff([], scan('a.json', 'j1', late), scan('b.json', 'j1', early)),
      [
        {
          kind: 'same-scan',
          message: 'B of account A: both sides are the same scan job j1 (a.json, b.json); compare two scans',
        },
      ],
    ],
  ])('%s', (_name, report, expected) => {
    const problems = scanOrderProblems(diffOf([report]));
    expect(problems.map(({ kind, message }) => ({ kind, message }))).toEqual(expected);
    for (const problem of problems) expect(problem.report).toBe(report);
  });

  it('tells every report with a problem', () => {
    const reversed = reportDiff([], scan('old.json', 'j1', late), scan('new.json', 'j2', early));
    const same = reportDiff([], scan('a.json', 'j3'), scan('b.json', 'j3'));
    expect(scanOrderProblems(diffOf([same, reportDiff(), reversed])).map((problem) => problem.kind)).toEqual([
      'same-scan',
      'reversed',
    ]);
  });
});

describe('assertRuleSettings', () => {
  it.each<[string, Partial<Record<RuleId, SeveritySetting>> | undefined]>([
    ['no settings', undefined],
    ['other rules off', { 'json-syntax': 'off', schema: 'warning' }],
    ['no-valid-report kept an error', { 'no-valid-report': 'error' }],
  ])('accepts %s', (_name, settings) => {
    expect(() => assertRuleSettings(settings)).not.toThrow();
  });

  it.each<SeveritySetting>(['off', 'warning'])('refuses no-valid-report=%s', (setting) => {
    let error: unknown;
    try {
      assertRuleSettings({ 'no-valid-report': setting });
    } catch (caught) {
      error = caught;
    }
    expect(isCspmError(error) && error.code).toBe('usage');
    expect((error as Error).message).toBe(
      `invalid usage: the rule no-valid-report cannot be set to ${setting}: nothing passes on nothing, whatever other rules are turned off`,
    );
    expect((error as { data: unknown }).data).toEqual({ option: 'rule' });
  });
});

describe('judgeFindingsResult', () => {
  it('states which rules fail the run by severity, as data a format reads', () => {
    const analysis = fakeAnalysis([{ source: 'a' }]);
    const failing = (failOn?: FailOn) =>
      judgeFindingsResult({ analysis, ...(failOn === undefined ? {} : { failOn }) }).judgement.failingRules;
    expect(failing()).toEqual({ error: 'every', warning: [] });
    expect(failing('warning')).toEqual({ error: 'every', warning: 'every' });
    // Under never, only an error saying that an input could not be read or analysed fails.
    expect(failing('never')).toEqual({
      error: [
        'json-syntax',
        'duplicate-key',
        'envelope-failure',
        'not-a-report',
        'schema',
        'empty-report',
        'no-valid-report',
      ],
      warning: [],
    });
  });

  it("states the job's verdict, whatever the findings say, and keeps the run as given", () => {
    const analysis = fakeAnalysis([{ source: 'a' }], { errors: 1 });
    const verdict = { status: 'pass', exitCode: 0, reasons: ['as the job says'] } as const;
    const judged = judgeFindingsResult({ analysis, verdict: { ...verdict, reasons: [...verdict.reasons] } });
    expect(judged.judgement.verdict).toBe(judged.verdict);
    expect(judged.judgement.verdict).toEqual(verdict);
    expect(judged.analysis).toBe(analysis);
    expect(judged.judgement.failingChanges.size).toBe(0);
  });
});
