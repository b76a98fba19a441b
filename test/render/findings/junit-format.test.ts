import type { Element } from '@xmldom/xmldom';
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeFindingsResult } from '../../../src/model/fail-closed.js';
import { ruleCatalogue } from '../../../src/analyse/rule-catalogue.js';
import { type Analysis } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { reportWithoutSeverities } from '../../support/report-without-severities.js';
import type { FindingsRun } from '../../../src/model/findings-format.js';
import { junitFormat, maxLinesPerCase } from '../../../src/render/findings/junit-format.js';
import { parseXml } from '../../support/parse-xml.js';
import { hasXmllint, junitSchemaErrors } from '../../support/junit-schema.js';
import { useTempDir } from '../../support/temp-dir.js';
import { gateResult, hostileName, manyFindingsAnalysis, mixedAnalysis } from './findings-inputs.js';

const tempDir = useTempDir();

function formatJunit(result: FindingsRun): string {
  return junitFormat.format(judgeFindingsResult(result), { rules: ruleCatalogue, color: false });
}

function children(element: Element, name: string): Element[] {
  return Array.from(element.childNodes).filter(
    (node): node is Element => node.nodeType === 1 && (node as Element).tagName === name,
  );
}

// XML 1.0's Char production; with the `u` flag a lone surrogate is one unmatched code point.
const notXmlChar = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/** Every count attribute agrees with the cases below it, per suite and in total. */
function expectCountsAgree(root: Element): void {
  let tests = 0;
  let failures = 0;
  for (const suite of children(root, 'testsuite')) {
    const cases = children(suite, 'testcase');
    const failed = cases.filter((testCase) => children(testCase, 'failure').length > 0).length;
    expect(suite.getAttribute('tests')).toBe(String(cases.length));
    expect(suite.getAttribute('failures')).toBe(String(failed));
    expect(suite.getAttribute('errors')).toBe(
      String(cases.filter((testCase) => children(testCase, 'error').length > 0).length),
    );
    expect(suite.getAttribute('skipped')).toBe(
      String(cases.filter((testCase) => children(testCase, 'skipped').length > 0).length),
    );
    tests += cases.length;
    failures += failed;
  }
  expect(root.getAttribute('tests')).toBe(String(tests));
  expect(root.getAttribute('failures')).toBe(String(failures));
}

/** Read by libxml2 and valid against Jenkins' junit-10.xsd. */
function expectValidByXmllint(xml: string): void {
  if (!hasXmllint) return;
  expect(junitSchemaErrors(xml, tempDir())).toEqual([]);
}

describe('junit findings format', () => {
  let analysis: Analysis;
  beforeAll(async () => {
    analysis = await mixedAnalysis();
  });

  it('writes a suite per file with a case per catalogue rule, and counts that agree', () => {
    const xml = formatJunit({ analysis });
    expect(xml.endsWith('\n')).toBe(true);
    const root = parseXml(xml);
    expect(root.tagName).toBe('testsuites');
    const suites = children(root, 'testsuite');
    expect(suites).toHaveLength(3);
    for (const suite of suites)
      expect(children(suite, 'testcase').map((testCase) => testCase.getAttribute('name'))).toEqual(
        ruleCatalogue.map((rule) => rule.id),
      );
    expect(suites[0]!.getAttribute('name')).toBe('clean.json');
    expect(children(suites[0]!, 'testcase')[0]!.getAttribute('classname')).toBe('cspm-report/clean_json');
    expect(suites.map((suite) => suite.getAttribute('failures'))).toEqual(['0', '2', '0']);
    expectCountsAgree(root);
    expectValidByXmllint(xml);
  });

  it('fails a rule with errors and shows warnings alone as a skipped case', () => {
    const root = parseXml(formatJunit({ analysis }));
    const broken = children(root, 'testsuite')[1]!;
    const byName = new Map(children(broken, 'testcase').map((testCase) => [testCase.getAttribute('name'), testCase]));
    const failure = children(byName.get('category-total')!, 'failure')[0]!;
    expect(failure.getAttribute('message')).toBe('1 error, 0 warnings');
    expect(failure.textContent).toMatch(
      /^error \/0\/ResourceCategories\/0\/Total category "a "q" 's' <b>&amp; \]\]> 100%0A \| `code` \\u0001\\u0007 \\u202eevil\.\.\." states Total 4/,
    );
    const warned = byName.get('compliance-percent')!;
    expect(children(warned, 'failure')).toHaveLength(0);
    expect(children(warned, 'skipped')[0]!.textContent).toMatch(
      /^warning \/0\/ResourceCategories\/1\/CompliancePercent category "Azure - Network" states CompliancePercent 12\.5/,
    );
  });

  it('carries hostile file names and messages as text, with what XML cannot hold shown as \\uXXXX', () => {
    const xml = formatJunit({ analysis, gate: gateResult() });
    expect(xml).not.toMatch(notXmlChar);
    const root = parseXml(xml);
    const suite = children(root, 'testsuite')[1]!;
    expect(hostileName).toContain('\n');
    expect(suite.getAttribute('name')).toBe('dir/a:b,c "x" <y> 50% \\u202e\\u000az.json');
    const gate = children(root, 'testsuite')[3]!;
    const hostile = children(gate, 'testcase')[3]!;
    expect(hostile.getAttribute('name')).toBe(
      'a "q" \'s\' <b>&amp; ]]> 100%0A | `code` \\u0001\\u0007 \\u202eevil\\u202c \\ud800 \\uffff\\u0009end\\u000d\\u000anext::warning::injected › all inputs',
    );
    expectValidByXmllint(xml);
  });

  it('adds a gate suite: error assertions that failed fail, warn ones are skipped with their result', () => {
    const root = parseXml(formatJunit({ analysis, gate: gateResult() }));
    const gate = children(root, 'testsuite')[3]!;
    expect(gate.getAttribute('name')).toBe('gate: gate-rules.json');
    const cases = children(gate, 'testcase');
    expect(cases.map((testCase) => children(testCase, 'failure').length)).toEqual([0, 1, 0, 1]);
    const failure = children(cases[1]!, 'failure')[0]!;
    expect(failure.getAttribute('message')).toBe('actual 3, expected <= 0 (r.json › CSBP › account 1)');
    expect(failure.textContent).toContain('actual: 3\nexpected: <= 0\nscope: r.json › CSBP › account 1\n');
    expect(children(cases[2]!, 'skipped')[0]!.textContent).toMatch(/^warn: amberPolicies is 7, expected <= 5\n/);
    expect(children(cases[3]!, 'failure')[0]!.getAttribute('message')).toBe(
      'actual nothing, expected Green (all inputs)',
    );
    expectCountsAgree(root);
  });

  it('counts the findings the check counted but did not list, by the finding that stands for them', async () => {
    const capped = await analyseInputs({ text: reportWithoutSeverities(2_500), name: 'capped.json' });
    const root = parseXml(formatJunit({ analysis: capped }));
    const schema = children(children(root, 'testsuite')[0]!, 'testcase').find(
      (testCase) => testCase.getAttribute('name') === 'schema',
    )!;
    const failure = children(schema, 'failure')[0]!;
    expect(failure.getAttribute('message')).toBe('2,500 errors, 0 warnings');
    const lines = failure.textContent!.split('\n');
    expect(lines).toHaveLength(maxLinesPerCase + 2);
    expect(lines[maxLinesPerCase]).toBe(
      '… 1,500 more findings of this rule; counted; `--format text` or `json` lists the first 1,000 of a rule per file',
    );
  });

  it('lists the first of 125,000 findings of a rule and counts the rest, in a file libxml2 reads', async () => {
    const many = await manyFindingsAnalysis();
    const xml = formatJunit({ analysis: many });
    const root = parseXml(xml);
    const schema = children(children(root, 'testsuite')[0]!, 'testcase').find(
      (testCase) => testCase.getAttribute('name') === 'schema',
    )!;
    const failure = children(schema, 'failure')[0]!;
    expect(failure.getAttribute('message')).toBe('125,000 errors, 0 warnings');
    const lines = failure.textContent!.split('\n');
    expect(lines).toHaveLength(maxLinesPerCase + 2);
    expect(lines[maxLinesPerCase - 1]).toMatch(/^error \/0\/ResourceCategories\/0\/Policies\/999\/Severity /);
    expect(lines[maxLinesPerCase]).toBe(
      '… 124,000 more findings of this rule; `--format text` or `json` lists them all',
    );
    expectCountsAgree(root);
    expectValidByXmllint(xml);
  });
});
