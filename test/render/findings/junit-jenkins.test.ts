import type { Element } from '@xmldom/xmldom';
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeFindingsResult } from '../../../src/model/fail-closed.js';
import { ruleCatalogue } from '../../../src/analyse/rule-catalogue.js';
import { type Analysis } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import type { FindingsRun } from '../../../src/model/findings-format.js';
import { maxJunitBytes, maxTestCases } from '../../../src/render/findings/junit-cap.js';
import { junitFormat } from '../../../src/render/findings/junit-format.js';
import { change, diffOf, reportDiff } from '../../support/fake-diff.js';
import { hasXmllint, junitSchemaErrors } from '../../support/junit-schema.js';
import { minimalReport } from '../../support/minimal-report.js';
import { parseXml } from '../../support/parse-xml.js';
import { useTempDir } from '../../support/temp-dir.js';
import { gateResult, manyFindingsAnalysis, mixedAnalysis, withFindings } from './findings-inputs.js';

/**
 * JUnit as Jenkins reads it: valid against the xUnit plugin's junit-10.xsd, classnames
 * that its last-dot split leaves whole, warnings where a viewer shows them, the verdict
 * of the exit code, and a size CI accepts.
 */
const tempDir = useTempDir();

function formatJunit(result: FindingsRun): string {
  return junitFormat.format(judgeFindingsResult(result), { rules: ruleCatalogue, color: false });
}

function children(element: Element, name: string): Element[] {
  return Array.from(element.childNodes).filter(
    (node): node is Element => node.nodeType === 1 && (node as Element).tagName === name,
  );
}

function allCases(root: Element): Element[] {
  return children(root, 'testsuite').flatMap((suite) => children(suite, 'testcase'));
}

function caseOf(root: Element, suiteIndex: number, name: string): Element {
  const found = children(children(root, 'testsuite')[suiteIndex]!, 'testcase').find(
    (testCase) => testCase.getAttribute('name') === name,
  );
  if (found === undefined) throw new Error(`no case ${name}`);
  return found;
}

describe('junit for Jenkins, GitLab and Azure DevOps', () => {
  let analysis: Analysis;
  beforeAll(async () => {
    analysis = await mixedAnalysis();
  });

  it.skipIf(!hasXmllint)('is valid against junit-10.xsd for a check, a gate, a diff and 125,000 findings', async () => {
    const diff = diffOf([
      reportDiff([change('regression', 'High'), change('fix', 'Low'), change('removed', 'Moderate')]),
    ]);
    const results: FindingsRun[] = [
      { analysis },
      {
        analysis,
        failOn: 'warning',
        verdict: { status: 'fail', exitCode: 1, reasons: ['findings at or above warning'] },
      },
      { analysis, gate: gateResult() },
      { analysis, diff },
      { analysis: await manyFindingsAnalysis() },
    ];
    for (const result of results) expect(junitSchemaErrors(formatJunit(result), tempDir())).toEqual([]);
  });

  it('writes no skipped attribute on testsuites, which junit-10.xsd does not allow there', () => {
    const root = parseXml(formatJunit({ analysis }));
    expect(root.hasAttribute('skipped')).toBe(false);
    expect(children(root, 'testsuite').map((suite) => suite.getAttribute('skipped'))).toEqual(['0', '1', '1']);
  });

  it('writes classnames without dots, which Jenkins would split into package and class', () => {
    const root = parseXml(
      formatJunit({ analysis, gate: gateResult(), diff: diffOf([reportDiff([change('regression', 'High')])]) }),
    );
    const classnames = new Set(allCases(root).map((testCase) => testCase.getAttribute('classname')));
    expect([...classnames]).toEqual([
      'cspm-report/clean_json',
      'cspm-report/dir/a:b,c "x" <y> 50% \\u202e\\u000az_json',
      'cspm-report/warned_json',
      'cspm-report/diff/B/A',
      'cspm-report/gate',
    ]);
  });

  it('shows a rule with warnings only as a skipped case whose message names them', () => {
    const root = parseXml(formatJunit({ analysis }));
    const warned = caseOf(root, 2, 'compliance-percent');
    expect(children(warned, 'failure')).toHaveLength(0);
    const skipped = children(warned, 'skipped')[0]!;
    expect(skipped.getAttribute('message')).toMatch(
      /^1 warning: warning \/ResourceCategories\/1\/CompliancePercent category "Azure - Network" states CompliancePercent 12\.5/,
    );
    expect(skipped.textContent).toMatch(/^warning \/ResourceCategories\/1\/CompliancePercent /);
  });

  it('shows a failed warn assertion of a gate as a skipped case', () => {
    const root = parseXml(formatJunit({ analysis, gate: gateResult() }));
    const few = children(children(root, 'testsuite')[3]!, 'testcase')[2]!;
    expect(children(few, 'skipped')[0]!.getAttribute('message')).toBe('warn: actual 7, expected <= 5 (all inputs)');
  });

  it('fails a rule with warnings only under --fail-on warning, as the exit code does', () => {
    const root = parseXml(
      formatJunit({
        analysis,
        failOn: 'warning',
        verdict: {
          status: 'fail',
          exitCode: 1,
          reasons: ['findings at or above warning in the inputs (2 errors, 2 warnings)'],
        },
      }),
    );
    const failure = children(caseOf(root, 2, 'compliance-percent'), 'failure')[0]!;
    expect(failure.getAttribute('type')).toBe('warning');
    expect(failure.getAttribute('message')).toBe('0 errors, 1 warning');
    expect(children(root, 'testsuite')[2]!.getAttribute('failures')).toBe('1');
    expect(root.getAttribute('failures')).toBe('4');
  });
});

describe('junit caps', () => {
  const severities = ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'];

  it('keeps at most 10,000 cases, the worst first, and says what it left out', async () => {
    const analysis = await analyseInputs({ text: JSON.stringify(minimalReport()), name: 'old.json' });
    // 5,000 regressions of each severity and 5,000 fixes, interleaved.
    const changes = Array.from({ length: 30_000 }, (_, index) =>
      index % 6 === 5 ? change('fix', 'Critical') : change('regression', severities[index % 6]!),
    );
    const xml = formatJunit({ analysis, diff: diffOf([reportDiff(changes)]), regressionLimit: {} });
    const root = parseXml(xml);
    const cases = allCases(root);
    expect(cases).toHaveLength(maxTestCases - 1);
    expect(root.getAttribute('tests')).toBe(String(cases.length));
    const diffSuite = children(root, 'testsuite')[1]!;
    const messages = children(diffSuite, 'testcase').map(
      (testCase) => children(testCase, 'failure')[0]?.getAttribute('message') ?? 'passed',
    );
    const bySeverity = severities.map(
      (severity) => messages.filter((message) => message.startsWith(`${severity} `)).length,
    );
    // One case is kept back for the verdict's, one is the note of what was left out.
    expect(bySeverity).toEqual([5_000, maxTestCases - 2 - 5_000, 0, 0, 0]);
    expect(messages).not.toContain('passed');
    expect(children(children(root, 'testsuite')[0]!, 'testcase')).toHaveLength(0);
    expect(children(children(diffSuite, 'properties')[0]!, 'property')[0]!.getAttribute('name')).toBe(
      'cspm-report.omitted',
    );
    expect(children(diffSuite, 'system-out')[0]!.textContent).toBe(
      '20,002 test cases left out (15,002 failures, 0 skipped, 5,000 passed): a JUnit output holds at most 10,000 test cases and 20 MB, the worst kept first; `--format json` lists everything\n',
    );
    const omitted = children(root, 'testsuite').at(-1)!;
    expect(omitted.getAttribute('name')).toBe('omitted');
    expect(children(children(omitted, 'testcase')[0]!, 'skipped')[0]!.getAttribute('message')).toBe(
      // 5,000 diff cases passed, and one case per rule of the catalogue.
      `${(20_002 + ruleCatalogue.length).toLocaleString('en-US')} test cases left out (15,002 failures, 0 skipped, ${(5_000 + ruleCatalogue.length).toLocaleString('en-US')} passed): a JUnit output holds at most 10,000 test cases and 20 MB, the worst kept first; \`--format json\` lists everything`,
    );
    if (hasXmllint) expect(junitSchemaErrors(xml, tempDir())).toEqual([]);
  });

  it('keeps at most 20 MB, the failures of the first files kept', async () => {
    const reports = Array.from({ length: 30 }, (_, index) => ({
      text: JSON.stringify(minimalReport()),
      name: `r${index}.json`,
    }));
    let analysis = await analyseInputs(reports);
    const long = 'x'.repeat(990);
    const sources = analysis.sources.map(
      (source) =>
        withFindings({ ...analysis, sources: [source] }, 1_000, (index) => ({
          rule: 'schema',
          severity: 'error',
          pointer: `/${index}`,
          message: long,
        })).sources[0]!,
    );
    analysis = { ...analysis, sources };
    const xml = formatJunit({ analysis });
    expect(new TextEncoder().encode(xml).length).toBeLessThanOrEqual(maxJunitBytes);
    const root = parseXml(xml);
    const failed = allCases(root).filter((testCase) => children(testCase, 'failure').length > 0);
    expect(failed.length).toBeGreaterThan(10);
    expect(failed.length).toBeLessThan(30);
    expect(children(root, 'testsuite').at(-1)!.getAttribute('name')).toBe('omitted');
  });
});
