import { findingWeight } from '../../load/capped-findings.js';
import { isWorse } from '../../analyse/diff/classify-change.js';
import type { AnalysedSource } from '../../model/analysis.js';
import type { PolicyChange, ReportDiff } from '../../model/diff.js';
import type { Finding } from '../../model/finding.js';
import type { FindingsFormat } from '../../model/findings-format.js';
import type { AssertionResult, GateResult } from '../../model/gate.js';
import type { RuleInfo } from '../../model/rule.js';
import type { Verdict } from '../../model/verdict.js';
import { plural } from '../../text/plural.js';
import { scanText, transitionText } from './diff/diff-words.js';
import { pointerLabel, visibleText } from './visible-text.js';
import { xmlBuilder } from './xml-builder.js';

/** One `<testcase>` as fast-xml-builder takes it: `@_` attributes, child elements by name. */
interface TestCase {
  '@_name': string;
  '@_classname': string;
  failure?: { '@_message': string; '@_type': string; '#text': string };
  'system-out'?: string;
}

/** One `<testsuite>` with counts that are computed from its cases, so they always agree. */
interface TestSuite {
  '@_name': string;
  '@_tests': string;
  '@_failures': string;
  '@_errors': string;
  '@_skipped': string;
  testcase: TestCase[];
}

/*
 * Every attribute value and text goes through visibleText first. fast-xml-builder
 * escapes & < > " ' but writes tabs and line breaks in attributes raw, where a parser
 * turns them into spaces, and writes control characters, lone surrogates and U+FFFE/
 * U+FFFF raw, which XML 1.0 cannot carry at all: the file would not parse.
 */

function suite(name: string, cases: TestCase[]): TestSuite {
  let failures = 0;
  for (const testCase of cases) if (testCase.failure !== undefined) failures += 1;
  return { '@_name': visibleText(name), '@_tests': String(cases.length), '@_failures': String(failures), '@_errors': '0', '@_skipped': '0', testcase: cases };
}

/**
 * Findings a case lists in full, and the characters of each line. libxml2, which GitLab
 * reads JUnit with, refuses a text node above 10 MB (`huge text node`): the whole
 * report would be lost for one rule with many findings. The rest are counted.
 */
export const maxLinesPerCase = 1000;
const maxLineLength = 1000;

function findingLine(finding: Finding): string {
  const line = `${finding.severity} ${visibleText(pointerLabel(finding.pointer))} ${visibleText(finding.message)}`;
  if (line.length <= maxLineLength) return line;
  // visibleText left surrogates in pairs only: never cut between the halves of one.
  const end = /[\ud800-\udbff]/.test(line.charAt(maxLineLength - 1)) ? maxLineLength - 1 : maxLineLength;
  return `${line.slice(0, end)}…`;
}

/**
 * A rule's case in one file. Errors fail it; warnings alone leave it passed with the
 * warnings in `<system-out>`, so that the dashboard goes red exactly when `check` (with
 * its default `--fail-on error`) fails the job, yet every warning is one click away.
 */
function ruleCase(classname: string, rule: string, findings: readonly Finding[] | undefined): TestCase {
  const testCase: TestCase = { '@_name': visibleText(rule), '@_classname': classname };
  if (findings === undefined) return testCase;
  let errors = 0;
  let total = 0;
  let unlisted = false;
  const lines: string[] = [];
  // A finding standing for those past the check's own listing limit counts them all.
  for (const finding of findings) {
    total += findingWeight(finding);
    if (finding.severity === 'error') errors += findingWeight(finding);
    if (finding.omitted !== undefined) unlisted = true;
    else if (lines.length < maxLinesPerCase) lines.push(findingLine(finding));
  }
  if (total > lines.length) {
    const where = unlisted ? 'counted; `--format text` or `json` lists the first 1,000 of a rule per file' : '`--format text` or `json` lists them all';
    lines.push(`… ${plural(total - lines.length, 'more finding')} of this rule; ${where}`);
  }
  const body = `${lines.join('\n')}\n`;
  if (errors === 0) {
    testCase['system-out'] = body;
    return testCase;
  }
  const message = `${plural(errors, 'error')}, ${plural(total - errors, 'warning')}`;
  testCase.failure = { '@_message': message, '@_type': 'error', '#text': body };
  return testCase;
}

/** A case per rule of the catalogue, then one per rule that a finding names outside it. */
function sourceSuite(source: AnalysedSource, rules: readonly RuleInfo[]): TestSuite {
  const byRule = new Map<string, Finding[]>();
  for (const finding of source.findings) {
    const list = byRule.get(finding.rule);
    if (list === undefined) byRule.set(finding.rule, [finding]);
    else list.push(finding);
  }
  const classname = visibleText(`cspm-report.${source.source}`);
  const cases: TestCase[] = [];
  for (const rule of rules) {
    cases.push(ruleCase(classname, rule.id, byRule.get(rule.id)));
    byRule.delete(rule.id);
  }
  for (const [rule, findings] of byRule) cases.push(ruleCase(classname, rule, findings));
  return suite(source.source, cases);
}

function assertionText(assertion: AssertionResult): string {
  const actual = assertion.actual === null ? 'nothing matched the scope' : (assertion.actualText ?? String(assertion.actual));
  return [
    `${assertion.level}: ${assertion.message}`,
    `metric: ${assertion.metric}`,
    `actual: ${actual}`,
    `expected: ${assertion.expected}`,
    `scope: ${assertion.scope}`,
    `rule: ${assertion.pointer}`,
  ]
    .map(visibleText)
    .join('\n');
}

/**
 * An assertion's case. A failed `error` assertion fails the gate (exit 3) and is a
 * `<failure>`; a failed `warn` assertion does not fail the gate, so it passes like a
 * check warning, its result in `<system-out>` starting with `warn:`.
 */
function assertionCase(assertion: AssertionResult): TestCase {
  const testCase: TestCase = { '@_name': visibleText(`${assertion.name} › ${assertion.scope}`), '@_classname': 'cspm-report.gate' };
  if (assertion.passed) return testCase;
  const text = `${assertionText(assertion)}\n`;
  if (assertion.level === 'warn') {
    testCase['system-out'] = text;
    return testCase;
  }
  const actual = assertion.actual === null ? 'nothing' : (assertion.actualText ?? String(assertion.actual));
  testCase.failure = { '@_message': visibleText(`actual ${actual}, expected ${assertion.expected} (${assertion.scope})`), '@_type': 'gate', '#text': text };
  return testCase;
}

function gateSuite(gate: GateResult): TestSuite {
  const cases: TestCase[] = [];
  for (const assertion of gate.assertions) cases.push(assertionCase(assertion));
  return suite(`gate: ${gate.rulesFile}`, cases);
}

/**
 * A changed policy's case. A regression and a new failure fail: a fix, another coverage
 * change, a new policy that passes or a removed one is no failure of a policy, so it
 * passes with what changed in `<system-out>`, where a dashboard still shows it (the
 * verdict's case fails when what was removed fails the run).
 */
function changeCase(classname: string, change: PolicyChange): TestCase {
  const testCase: TestCase = { '@_name': visibleText(`${change.complianceNumber} ${change.shortTitle} (${change.policyId})`), '@_classname': classname };
  const resources = change.new ?? change.old;
  const text = [
    `${change.kind}: ${transitionText(change)}`,
    `severity: ${change.severity}`,
    `category: ${change.category.name}`,
    ...(resources === null ? [] : [`resources passed: ${resources.passedResources} of ${resources.totalResources}`]),
  ]
    .map(visibleText)
    .join('\n');
  if (!isWorse(change.kind)) {
    testCase['system-out'] = `${text}\n`;
    return testCase;
  }
  const what = change.kind === 'regression' ? 'regressed' : 'failed anew';
  testCase.failure = { '@_message': visibleText(`${change.severity} policy ${what}: ${transitionText(change)}`), '@_type': change.kind, '#text': `${text}\n` };
  return testCase;
}

/** A compared report's suite: a case per changed policy, regressions first as the diff lists them. */
function diffSuite(report: ReportDiff): TestSuite {
  const classname = visibleText(`cspm-report.diff.${report.benchmarkId}.${report.accountId}`);
  const cases: TestCase[] = [];
  for (const change of report.changes) cases.push(changeCase(classname, change));
  return suite(`diff: ${report.benchmarkId} · ${report.accountName} (old ${scanText(report.old)}; new ${scanText(report.new)})`, cases);
}

/** The verdict as a failed case: the run failed, and why. */
function verdictSuite(verdict: Verdict): TestSuite {
  const testCase: TestCase = { '@_name': 'verdict', '@_classname': 'cspm-report.verdict' };
  const text = verdict.reasons.map(visibleText).join('\n');
  testCase.failure = { '@_message': visibleText(verdict.reasons[0] ?? 'failed'), '@_type': 'verdict', '#text': `${text}\n` };
  return suite('verdict', [testCase]);
}

function sum(suites: readonly TestSuite[], key: '@_tests' | '@_failures'): string {
  let total = 0;
  for (const item of suites) total += Number(item[key]);
  return String(total);
}

/**
 * `--format junit`: JUnit XML as Jenkins, GitLab and Azure DevOps read it. A suite per
 * input file with a case per rule of the catalogue (classname `cspm-report.<file>`); with
 * a diff a suite `diff: …` per compared report with a case per changed policy, failed
 * for a regression; with a gate a suite `gate: <rules file>` with a case per assertion result.
 */
export const junitFormat: FindingsFormat = {
  name: 'junit',
  extension: 'xml',
  mediaType: 'application/xml',
  describe: 'JUnit XML: a test suite per file, a test case per rule (CI test reports)',
  format(result, options) {
    const suites: TestSuite[] = [];
    for (const source of result.analysis.sources) suites.push(sourceSuite(source, options.rules));
    if (result.diff !== undefined) for (const report of result.diff.reports) suites.push(diffSuite(report));
    if (result.gate !== undefined) suites.push(gateSuite(result.gate));
    // A run that fails for what no case shows (a lost report, nothing valid) says so in a case of its own.
    if (result.verdict?.status === 'fail' && sum(suites, '@_failures') === '0') suites.push(verdictSuite(result.verdict));
    const document = {
      '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
      testsuites: { '@_name': 'cspm-report', '@_tests': sum(suites, '@_tests'), '@_failures': sum(suites, '@_failures'), '@_errors': '0', '@_skipped': '0', testsuite: suites },
    };
    const xml: string = xmlBuilder().build(document);
    return xml.endsWith('\n') ? xml : `${xml}\n`;
  },
};
