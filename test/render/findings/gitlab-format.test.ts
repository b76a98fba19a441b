import { beforeAll, describe, expect, it } from 'vitest';
import { judgeFindingsResult } from '../../../src/model/fail-closed.js';
import type { Analysis } from '../../../src/index.js';
import type { FindingsRun } from '../../../src/model/findings-format.js';
import type { CodeQualityIssue } from '../../../src/render/findings/gitlab/code-quality-issue.js';
import { issuePath } from '../../../src/render/findings/gitlab/issue-path.js';
import { regressionSeverity } from '../../../src/render/findings/gitlab/regression-issues.js';
import { formatGitlab } from '../../../src/render/findings/gitlab-format.js';
import { change, diffOf, reportDiff, scan } from '../../support/fake-diff.js';
import { gateResult, hostileName, manyFindingsAnalysis, mixedAnalysis } from './findings-inputs.js';
import { codeQualityErrors } from './gitlab-schema.js';

/** The report as GitLab parses it, checked against the documented format first. */
function issuesOf(result: FindingsRun, cwd = '/builds/group/project'): CodeQualityIssue[] {
  const issues = JSON.parse(formatGitlab(judgeFindingsResult(result), cwd)) as CodeQualityIssue[];
  expect(codeQualityErrors(issues)).toEqual([]);
  return issues;
}

describe('gitlab findings format', () => {
  let analysis: Analysis;
  beforeAll(async () => {
    analysis = await mixedAnalysis();
  });

  it('writes an issue per finding: errors major, warnings minor, at line 1 of the file as given', () => {
    const issues = issuesOf({ analysis });
    expect(issues.map((issue) => [issue.check_name, issue.severity, issue.location.path])).toEqual([
      ['category-total', 'major', hostileName],
      ['category-count', 'major', hostileName],
      ['compliance-percent', 'minor', hostileName],
      ['compliance-percent', 'minor', 'warned.json'],
    ]);
    expect(issues.every((issue) => issue.location.lines.begin === 1)).toBe(true);
  });

  it('makes what fails the run major and nothing else, as --fail-on has it', () => {
    // Before, an error was major under --fail-on never (exit 0) and a warning minor under --fail-on warning (exit 1).
    expect(issuesOf({ analysis, failOn: 'warning' }).map((issue) => issue.severity)).toEqual([
      'major',
      'major',
      'major',
      'major',
    ]);
    expect(issuesOf({ analysis, failOn: 'never' }).map((issue) => issue.severity)).toEqual([
      'minor',
      'minor',
      'minor',
      'minor',
    ]);
  });

  it('shows control characters and bidirectional controls of a description escaped, on one line', () => {
    const [first] = issuesOf({ analysis });
    expect(first!.description).toContain('`code` \\u0001\\u0007 \\u202eevil');
    expect(first!.description).toMatch(
      / states Total 4, but Green \+ Red \+ Amber \+ Gray = 1 \+ 1 \+ 0 \+ 1 = 3 \(\/0\/ResourceCategories\/0\/Total\)$/,
    );
    // The path is the file's real name, so that GitLab can match it; JSON escapes what it must.
    expect(formatGitlab(judgeFindingsResult({ analysis }))).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
  });

  it('gives fingerprints that are stable from run to run and unique within a report', () => {
    const first = issuesOf({ analysis }).map((issue) => issue.fingerprint);
    expect(issuesOf({ analysis }).map((issue) => issue.fingerprint)).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
    expect(first.every((fingerprint) => /^[0-9a-f]{32}$/.test(fingerprint))).toBe(true);
  });

  it('keeps a fingerprint when the message, the job or the scan changes, not when the file does', () => {
    const reworded = {
      ...analysis,
      sources: analysis.sources.map((source) => ({
        ...source,
        findings: source.findings.map((finding) => ({ ...finding, message: 'reworded' })),
      })),
    };
    expect(issuesOf({ analysis: reworded })[0]!.fingerprint).toBe(issuesOf({ analysis })[0]!.fingerprint);
    const renamed = {
      ...analysis,
      sources: analysis.sources.map((item) => ({ ...item, source: `other/${item.source}` })),
    };
    expect(issuesOf({ analysis: renamed })[0]!.fingerprint).not.toBe(issuesOf({ analysis })[0]!.fingerprint);
  });

  it('writes an empty array only for a run with nothing to show', () => {
    const clean = { ...analysis, sources: analysis.sources.map((source) => ({ ...source, findings: [] })) };
    expect(
      formatGitlab(judgeFindingsResult({ analysis: clean, verdict: { status: 'pass', exitCode: 0, reasons: [] } })),
    ).toBe('[]\n');
    const failed = issuesOf({
      analysis: clean,
      verdict: { status: 'fail', exitCode: 1, reasons: ['no valid benchmark report in the inputs'] },
    });
    expect(failed).toEqual([
      expect.objectContaining({
        check_name: 'cspm-report/verdict',
        severity: 'critical',
        description: 'cspm-report failed: no valid benchmark report in the inputs',
        location: { path: 'clean.json', lines: { begin: 1 } },
      }),
    ]);
  });

  it('writes failed gate assertions first: error level a blocker, warn level minor', () => {
    const issues = issuesOf({ analysis, gate: gateResult() });
    expect(issues.slice(0, 3).map((issue) => [issue.severity, issue.location.path])).toEqual([
      ['blocker', 'r.json'],
      ['minor', 'gate-rules.json'],
      ['blocker', 'gate-rules.json'],
    ]);
    expect(issues.slice(0, 2).map((issue) => issue.check_name)).toEqual(['gate: no-red-critical', 'gate: few-amber']);
    expect(issues[2]!.check_name).toMatch(
      /^gate: a "q" 's' <b>&amp; \]\]> 100%0A \| `code` \\u0001\\u0007 \\u202eevil\\u202c \\ud800 \\uffff\\u0009end\\u000d\\u000anext::warning::injected$/,
    );
    expect(issues[0]!.description).toBe(
      'redPolicies is 3, expected <= 0 (gate assertion "no-red-critical" on r.json › CSBP › account 1: actual 3, expected <= 0; gate-rules.json /assertions/1)',
    );
    expect(issues).toHaveLength(3 + 4);
  });

  it("maps a regressed policy's Severity: Critical critical, High major, Moderate minor, Low and VeryLow info", () => {
    // What fails the run is at least major; what fails nothing at most minor, as the exit code has it.
    const table: [string, string, string][] = [
      ['Critical', 'critical', 'minor'],
      ['High', 'major', 'minor'],
      ['Moderate', 'major', 'minor'],
      ['Low', 'major', 'info'],
      ['VeryLow', 'major', 'info'],
      ['Unheard', 'major', 'minor'],
    ];
    for (const [severity, failing, passing] of table)
      expect([regressionSeverity(severity, true), regressionSeverity(severity, false)]).toEqual([failing, passing]);
    const diff = diffOf([
      reportDiff(
        [change('regression', 'Critical'), change('new-failure', 'Low'), change('fix', 'High')],
        scan('/builds/group/project/old.json', 'job-1'),
        scan('/builds/group/project/scans/new.json', 'job-2'),
      ),
    ]);
    const clean = { ...analysis, sources: [] };
    // Without a regression limit nothing fails the run: a Critical regression is no failing issue.
    expect(issuesOf({ analysis: clean, diff }).map((issue) => issue.severity)).toEqual(['minor', 'info']);
    const issues = issuesOf({ analysis: clean, diff, regressionLimit: { severity: 'High' } });
    expect(issues.map((issue) => [issue.check_name, issue.severity, issue.location.path])).toEqual([
      ['cspm-report/regression', 'critical', 'scans/new.json'],
      ['cspm-report/regression', 'info', 'scans/new.json'],
    ]);
    const otherJobs = diffOf([
      reportDiff(
        diff.reports[0]!.changes,
        scan('/builds/group/project/old.json', 'job-8'),
        scan('/builds/group/project/scans/new.json', 'job-9', '2024-03-18'),
      ),
    ]);
    expect(issuesOf({ analysis: clean, diff: otherJobs }).map((issue) => issue.fingerprint)).toEqual(
      issues.map((issue) => issue.fingerprint),
    );
    // A scan saved under another (dated) name: the same regressions, the same issues.
    const renamed = diffOf([
      reportDiff(
        diff.reports[0]!.changes,
        scan('/builds/group/project/old.json', 'job-8'),
        scan('/builds/group/project/scans/azure-2024-03-19.json', 'job-9', '2024-03-19'),
      ),
    ]);
    expect(issuesOf({ analysis: clean, diff: renamed }).map((issue) => issue.fingerprint)).toEqual(
      issues.map((issue) => issue.fingerprint),
    );
  });

  it('lists at most the shared finding limit of a rule per file and counts the rest in one issue', async () => {
    const many = await manyFindingsAnalysis();
    const text = formatGitlab(judgeFindingsResult({ analysis: many }), '/builds/group/project');
    const issues = JSON.parse(text) as CodeQualityIssue[];
    expect(issues).toHaveLength(1001);
    expect(issues[1000]).toMatchObject({
      check_name: 'schema',
      severity: 'major',
      description:
        '124,000 more findings of schema in this file, counted but not listed: the json format lists the first 1,000 of a rule per file',
    });
    expect(text.length).toBeLessThan(400_000);
  });
});

describe('paths of issues', () => {
  const table: { name: string; source: string; expected: string }[] = [
    { name: 'a relative path stays as given', source: 'reports/a.json', expected: 'reports/a.json' },
    { name: 'a leading ./ goes', source: './reports/a.json', expected: 'reports/a.json' },
    { name: 'backslashes become slashes', source: 'reports\\a.json', expected: 'reports/a.json' },
    {
      name: 'an absolute path becomes relative to the working directory',
      source: '/builds/group/project/reports/a.json',
      expected: 'reports/a.json',
    },
    { name: 'a lone surrogate becomes U+FFFD', source: 'a\ud800.json', expected: 'a\ufffd.json' },
    {
      name: 'an absolute path outside it climbs out',
      source: '/builds/group/other/a.json',
      expected: '../other/a.json',
    },
  ];
  for (const { name, source, expected } of table)
    it(name, () => expect(issuePath(source, '/builds/group/project')).toBe(expected));
});
