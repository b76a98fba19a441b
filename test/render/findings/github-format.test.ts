import { beforeAll, describe, expect, it } from 'vitest';
import { judgeFindingsResult } from '../../../src/model/fail-closed.js';
import { ruleCatalogue } from '../../../src/analyse/rule-catalogue.js';
import type { Analysis } from '../../../src/index.js';
import type { FindingsRun } from '../../../src/model/findings-format.js';
import { escapeGithubData, escapeGithubProperty, githubFormat } from '../../../src/render/findings/github-format.js';
import { change, diffOf, reportDiff } from '../../support/fake-diff.js';
import { gateResult, manyFindingsAnalysis, mixedAnalysis, warnedReport, withFindings } from './findings-inputs.js';

function formatGithub(result: FindingsRun): string {
  return githubFormat.format(judgeFindingsResult(result), { rules: ruleCatalogue, color: false });
}

describe('escaping of workflow commands', () => {
  const table: { input: string; data: string; property: string }[] = [
    { input: 'plain text', data: 'plain text', property: 'plain text' },
    { input: '100%', data: '100%25', property: '100%25' },
    { input: '%0A already escaped', data: '%250A already escaped', property: '%250A already escaped' },
    { input: 'a\rb', data: 'a%0Db', property: 'a%0Db' },
    { input: 'a\nb', data: 'a%0Ab', property: 'a%0Ab' },
    { input: 'a\r\nb', data: 'a%0D%0Ab', property: 'a%0D%0Ab' },
    { input: 'dir/a:b,c.json', data: 'dir/a:b,c.json', property: 'dir/a%3Ab%2Cc.json' },
    { input: 'x::warning::y', data: 'x::warning::y', property: 'x%3A%3Awarning%3A%3Ay' },
    { input: 'tab\tkept', data: 'tab\tkept', property: 'tab\tkept' },
    {
      input: 'esc\u001b[31m bidi\u202e nul\u0000',
      data: 'esc\\u001b[31m bidi\\u202e nul\\u0000',
      property: 'esc\\u001b[31m bidi\\u202e nul\\u0000',
    },
  ];
  for (const { input, data, property } of table) {
    it(`escapes ${JSON.stringify(input)}`, () => {
      expect(escapeGithubData(input)).toBe(data);
      expect(escapeGithubProperty(input)).toBe(property);
    });
  }
});

describe('github findings format', () => {
  let analysis: Analysis;
  beforeAll(async () => {
    analysis = await mixedAnalysis();
  });

  it('writes an annotation per finding with the file as given, then the verdict', () => {
    const text = formatGithub({ analysis });
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(analysis.summary.errors + analysis.summary.warnings + 1);
    // warned.json is one line: the value 12.5 starts after its key, found here in the same text.
    const warnedText = JSON.stringify(warnedReport());
    const column = warnedText.indexOf('"CompliancePercent":12.5') + '"CompliancePercent":'.length + 1;
    expect(lines[3]).toBe(
      `::warning file=warned.json,line=1,col=${column},title=compliance-percent::category "Azure - Network" states CompliancePercent 12.5, but Green / (Total − Gray) × 100 gives 50; the stated value fits none of the known formulas (/ResourceCategories/1/CompliancePercent)`,
    );
    expect(lines.at(-1)).toBe(
      '::error title=cspm-report failed (exit code 1)::failed; 4 findings (2 errors, 2 warnings) in 3 files, 3 valid reports, 15 policies',
    );
  });

  it('annotates what fails the run as ::error and the rest as ::warning, as --fail-on decides, and ends on the verdict', () => {
    const levels = (failOn: 'error' | 'warning' | 'never') =>
      formatGithub({ analysis, failOn })
        .slice(0, -1)
        .split('\n')
        .map((line) => line.slice(0, line.indexOf(' ')));
    expect(levels('warning')).toEqual(['::error', '::error', '::error', '::error', '::error']);
    expect(levels('never')).toEqual(['::warning', '::warning', '::warning', '::warning', '::notice']);
    const passed = formatGithub({ analysis, failOn: 'never' }).trimEnd().split('\n').at(-1);
    expect(passed).toBe(
      '::notice title=cspm-report passed::4 findings (2 errors, 2 warnings) in 3 files, 3 valid reports, 15 policies',
    );
  });

  it('escapes a file name with : and , and a message with %, CR and LF, so that nothing starts a command of its own', () => {
    const lines = formatGithub({ analysis, gate: gateResult() }).slice(0, -1).split('\n');
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) /);
    expect(lines.find((line) => line.startsWith('::error file=dir/'))).toMatch(
      /^::error file=dir\/a%3Ab%2Cc "x" <y> 50%25 \\u202e%0Az\.json,line=1,col=\d+,title=category-total::category "a "q" 's' <b>&amp; \]\]> 100%250A /,
    );
    const hostileGate = lines.find((line) => line.startsWith('::error file=gate-rules.json,title=gate%3A a '))!;
    expect(hostileGate).toContain('\\uffff\tend%0D%0Anext%3A%3Awarning%3A%3Ainjected::nothing matched a');
    expect(hostileGate).toContain(
      'end%0D%0Anext::warning::injected (scope: all inputs; gate-rules.json /assertions/3)',
    );
  });

  it('annotates failed gate assertions by level and ends on the verdict', () => {
    const lines = formatGithub({ analysis, gate: gateResult() }).slice(0, -1).split('\n');
    const gate = lines.filter((line) => line.includes('title=gate%3A'));
    expect(gate).toHaveLength(3);
    // Failed gate assertions come first of their level: the worst annotations are shown.
    expect(lines[0]).toBe(
      '::error file=r.json,title=gate%3A no-red-critical::redPolicies is 3, expected <= 0 (scope: r.json › CSBP › account 1; gate-rules.json /assertions/1)',
    );
    expect(gate.filter((line) => line.startsWith('::warning'))).toEqual([
      '::warning file=gate-rules.json,title=gate%3A few-amber::amberPolicies is 7, expected <= 5 (scope: all inputs; gate-rules.json /assertions/2)',
    ]);
    expect(lines.at(-1)).toBe(
      '::error title=cspm-report failed (exit code 3)::failed; 4 findings (2 errors, 2 warnings) in 3 files, 3 valid reports, 15 policies; gate fail: 3 of 4 assertions failed (2 errors, 1 warn)',
    );
  });

  it('shows an assertion of a preset on its report, never on the preset as a file', () => {
    const gate = gateResult();
    const lines = formatGithub({ analysis, gate: { ...gate, rulesFile: 'cspm:recommended' } })
      .slice(0, -1)
      .split('\n');
    const annotations = lines.filter((line) => line.includes('title=gate%3A'));
    expect(annotations.some((line) => line.startsWith('::error file=r.json,title=gate%3A no-red-critical::'))).toBe(
      true,
    );
    expect(annotations.some((line) => line.startsWith('::warning title=gate%3A few-amber::'))).toBe(true);
    expect(lines.join('\n')).not.toContain('file=cspm%3Arecommended');
  });

  it('annotates 9 of 125,000 errors, the first, a notice counting the rest and the verdict as the 10th error, as GitHub shows 10 per step', async () => {
    const many = await manyFindingsAnalysis();
    const lines = formatGithub({ analysis: many }).slice(0, -1).split('\n');
    expect(lines).toHaveLength(11);
    expect(lines.filter((line) => line.startsWith('::error '))).toHaveLength(10);
    // The findings are made up after the analysis: those at a pointer the analysis found too have its line.
    expect(
      lines.slice(0, 9).every((line) => /^::error file=many\.json,(line=\d+,col=\d+,)?title=schema::/.test(line)),
    ).toBe(true);
    expect(lines[8]).toMatch(/\(\/0\/ResourceCategories\/0\/Policies\/8\/Severity\)$/);
    expect(lines[9]).toBe(
      '::notice title=cspm-report: more not annotated::124,991 errors more, not annotated: GitHub shows 10 error and 10 warning annotations per step, the worst are above; the text, json or sarif format (-f text -o -, -f json -o FILE) lists them all',
    );
    expect(lines[10]).toMatch(/^::error title=cspm-report failed \(exit code 1\)::failed; 125,000 findings/);
  });

  it('writes 10 annotations of a level at most, the verdict and the notice counting the rest among them', async () => {
    const base = await mixedAnalysis();
    const fixes = Array.from({ length: 20 }, () => change('fix', 'High'));
    const regressions = Array.from({ length: 15 }, () => change('regression', 'Critical'));
    const diff = diffOf([reportDiff([...fixes, ...regressions])]);
    const cases: { name: string; result: FindingsRun; verdict: string }[] = [
      {
        name: 'a passing diff with 20 fixes and 15 unlimited regressions',
        result: { analysis: base, diff, failOn: 'never' },
        verdict: '::notice title=cspm-report passed',
      },
      {
        name: 'a failing diff with 20 fixes and 15 counted regressions',
        result: { analysis: base, diff, regressionLimit: { severity: 'Moderate' } },
        verdict: '::error title=cspm-report failed',
      },
      {
        name: 'a failing check of 30 warnings under --fail-on warning',
        result: {
          analysis: withFindings(base, 30, (index) => ({
            rule: 'schema',
            severity: 'warning',
            pointer: `/${index}`,
            message: 'w',
          })),
          failOn: 'warning',
        },
        verdict: '::error title=cspm-report failed',
      },
    ];
    for (const { name, result, verdict } of cases) {
      const lines = formatGithub(result).slice(0, -1).split('\n');
      for (const level of ['error', 'warning', 'notice'])
        expect(lines.filter((line) => line.startsWith(`::${level} `)).length, `${name}: ${level}`).toBeLessThanOrEqual(
          10,
        );
      expect(lines.at(-1)!.startsWith(`${verdict}`), name).toBe(true);
      expect(
        lines.some((line) => line.startsWith('::notice title=cspm-report: more not annotated::')),
        name,
      ).toBe(true);
    }
  });
});
