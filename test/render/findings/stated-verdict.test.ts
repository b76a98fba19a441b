import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../../src/model/analysis.js';
import { judgeFindingsResult } from '../../../src/model/fail-closed.js';
import type { Finding } from '../../../src/model/finding.js';
import type { GateResult } from '../../../src/model/gate.js';
import type { Verdict } from '../../../src/model/verdict.js';
import { changeFails, findingFails, statedVerdict } from '../../../src/render/findings/stated-verdict.js';
import { change, diffOf, reportDiff } from '../../support/fake-diff.js';

const error = { rule: 'category-total', severity: 'error', pointer: '', message: 'e' } as Finding;
const warning = { rule: 'compliance-percent', severity: 'warning', pointer: '', message: 'w' } as Finding;
const unreadable = { rule: 'json-syntax', severity: 'error', pointer: '', message: 'not valid JSON' } as Finding;
const skipped = { rule: 'not-a-report', severity: 'warning', pointer: '', message: 'no report' } as Finding;

/** An analysis of one file with one valid report and the given findings. */
function analysisWith(findings: Finding[], reports = 1): Analysis {
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  return {
    summary: { files: 1, reports, policies: reports * 3, errors, warnings: findings.length - errors },
    percentFormula: 'green-of-assessed',
    sources: [
      {
        source: 'r.json',
        form: 'envelope',
        reportCount: reports,
        reports: Array.from({ length: reports }, () => ({})),
        policies: reports * 3,
        findings,
      },
    ],
  } as unknown as Analysis;
}

describe('findingFails', () => {
  it.each([
    [error, undefined, true],
    [warning, undefined, false],
    [error, 'error', true],
    [warning, 'error', false],
    [error, 'warning', true],
    [warning, 'warning', true],
    [error, 'never', false],
    [warning, 'never', false],
    // An input that could not be read fails whatever failOn says; a file skipped as no report fails nothing it would
    // not.
    [unreadable, 'never', true],
    [unreadable, undefined, true],
    [skipped, 'never', false],
    [skipped, 'error', false],
    [skipped, 'warning', true],
  ] as const)('%o under --fail-on %s: %s', (finding, failOn, fails) => {
    expect(findingFails(finding, judgeFindingsResult({ analysis: analysisWith([finding]), failOn }))).toBe(fails);
  });
});

describe('changeFails', () => {
  const changes = [
    change('regression', 'Critical'),
    change('regression', 'High'),
    change('regression', 'Moderate'),
    change('fix', 'Critical'),
  ];
  const diff = diffOf([reportDiff(changes)]);

  it('fails nothing without a regression limit', () => {
    const result = judgeFindingsResult({ analysis: analysisWith([]), diff });
    expect(changes.map((item) => changeFails(item, result))).toEqual([false, false, false, false]);
  });

  it('fails what counts against the limit, at or above its severity', () => {
    const result = judgeFindingsResult({ analysis: analysisWith([]), diff, regressionLimit: { severity: 'High' } });
    expect(changes.map((item) => changeFails(item, result))).toEqual([true, true, false, false]);
  });

  it("fails only the changes of the run's own diff, which the judgement names", () => {
    const result = judgeFindingsResult({ analysis: analysisWith([]), diff, regressionLimit: { severity: 'High' } });
    expect(changeFails(change('regression', 'Critical'), result)).toBe(false);
  });
});

describe('statedVerdict', () => {
  it("is the job's verdict when there is one, whatever the findings say", () => {
    const verdict: Verdict = { status: 'pass', exitCode: 0, reasons: ['fine'] };
    expect(statedVerdict(judgeFindingsResult({ analysis: analysisWith([error]), verdict }))).toBe(verdict);
  });

  it('without one, fails an input that could not be read whatever failOn says', () => {
    expect(statedVerdict(judgeFindingsResult({ analysis: analysisWith([unreadable]), failOn: 'never' }))).toEqual({
      status: 'fail',
      exitCode: 1,
      reasons: [],
    });
    expect(statedVerdict(judgeFindingsResult({ analysis: analysisWith([skipped]), failOn: 'never' }))).toEqual({
      status: 'pass',
      exitCode: 0,
      reasons: [],
    });
    expect(statedVerdict(judgeFindingsResult({ analysis: analysisWith([error]), failOn: 'never' }))).toEqual({
      status: 'pass',
      exitCode: 0,
      reasons: [],
    });
  });

  it('without one, judges the findings by failOn (error by default), and exit 1 when they fail', () => {
    expect(statedVerdict(judgeFindingsResult({ analysis: analysisWith([warning]) }))).toEqual({
      status: 'pass',
      exitCode: 0,
      reasons: [],
    });
    expect(statedVerdict(judgeFindingsResult({ analysis: analysisWith([error]) }))).toEqual({
      status: 'fail',
      exitCode: 1,
      reasons: [],
    });
    expect(statedVerdict(judgeFindingsResult({ analysis: analysisWith([warning]), failOn: 'warning' }))).toEqual({
      status: 'fail',
      exitCode: 1,
      reasons: [],
    });
    expect(statedVerdict(judgeFindingsResult({ analysis: analysisWith([error]), failOn: 'never' }))).toEqual({
      status: 'pass',
      exitCode: 0,
      reasons: [],
    });
  });

  it('without one, fails a run with no valid report (exit 1) and a failed gate (exit 3)', () => {
    expect(statedVerdict(judgeFindingsResult({ analysis: analysisWith([], 0) }))).toEqual({
      status: 'fail',
      exitCode: 1,
      reasons: [],
    });
    const gate: GateResult = { rulesFile: 'g.yaml', status: 'fail', assertions: [] };
    expect(statedVerdict(judgeFindingsResult({ analysis: analysisWith([]), gate }))).toEqual({
      status: 'fail',
      exitCode: 3,
      reasons: [],
    });
    expect(
      statedVerdict(judgeFindingsResult({ analysis: analysisWith([]), gate: { ...gate, status: 'warn' } })),
    ).toEqual({ status: 'pass', exitCode: 0, reasons: [] });
  });
});
