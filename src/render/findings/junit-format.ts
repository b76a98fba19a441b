import { findingWeight } from '../../model/capped-findings.js';
import { isWorse } from '../../analyse/diff/classify-change.js';
import type { AnalysedSource } from '../../model/analysis.js';
import type { PolicyChange, ReportDiff } from '../../model/diff.js';
import type { Finding } from '../../model/finding.js';
import type { FindingsFormat, FindingsResult } from '../../model/findings-format.js';
import type { AssertionResult, GateResult } from '../../model/gate.js';
import type { RuleInfo } from '../../model/rule.js';
import type { Verdict } from '../../model/verdict.js';
import { plural } from '../../text/plural.js';
import { scanText, transitionText } from './diff/diff-words.js';
import { pointerLabel, visibleText } from './visible-text.js';
import { utf8Length } from './markdown-cell.js';
import {
  capCases,
  maxJunitBytes,
  maxTestCases,
  type CappedSuite,
  type CaseSuite,
  type RankedCase,
} from './junit-cap.js';
import { xmlBuilder } from './xml-builder.js';
import { withNotes, withRunSettings, withSuiteProperties } from './junit-settings.js';
import { acceptedRiskSuite, exceptionProperties } from './accepted-risks-junit.js';
import { reasonsBesideNotes, runNotes } from './run-notes.js';
import { changeFails, findingFails, statedVerdict } from './stated-verdict.js';
import { acceptanceText } from './diff/diff-acceptance-words.js';

/** One `<testcase>` as fast-xml-builder takes it: `@_` attributes, child elements by name. */
interface TestCase {
  '@_name': string;
  '@_classname': string;
  failure?: { '@_message': string; '@_type': string; '#text': string };
  skipped?: { '@_message': string; '#text': string };
  'system-out'?: string;
}

/** One `<testsuite>` with counts that are computed from its cases, so they always agree. */
interface TestSuite {
  '@_name': string;
  '@_tests': string;
  '@_failures': string;
  '@_errors': string;
  '@_skipped': string;
  properties?: { property: { '@_name': string; '@_value': string }[] };
  testcase: TestCase[];
  'system-out'?: string;
}

/*
 * Every attribute value and text goes through visibleText first. fast-xml-builder
 * escapes & < > " ' but writes tabs and line breaks in attributes raw, where a parser
 * turns them into spaces, and writes control characters, lone surrogates and U+FFFE/
 * U+FFFF raw, which XML 1.0 cannot carry at all: the file would not parse.
 */

function suite(name: string, cases: TestCase[]): TestSuite {
  let failures = 0;
  let skipped = 0;
  for (const testCase of cases) {
    if (testCase.failure !== undefined) failures += 1;
    else if (testCase.skipped !== undefined) skipped += 1;
  }
  return {
    '@_name': visibleText(name),
    '@_tests': String(cases.length),
    '@_failures': String(failures),
    '@_errors': '0',
    '@_skipped': String(skipped),
    testcase: cases,
  };
}

/**
 * A classname without dots: Jenkins splits a classname at its last dot into package and
 * class, so `cspm-report.samples/x.json` showed as class `json`. The parts are joined
 * by `/` and every `.` in them becomes `_`: `cspm-report/samples/x_json`.
 */
export function junitClassname(...parts: readonly string[]): string {
  return ['cspm-report', ...parts].map((part) => visibleText(part).replace(/\./g, '_')).join('/');
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
 * A rule's case in one file. It fails when a finding of it fails the run: errors, and
 * warnings too under `--fail-on warning`, none under `--fail-on never`. Otherwise the
 * case is skipped with the findings in its `<skipped>` (message and text), which
 * Jenkins, GitLab and Azure DevOps show, where `<system-out>` of a passed case was
 * shown by none.
 */
function ruleCase(
  classname: string,
  rule: string,
  findings: readonly Finding[] | undefined,
  result: FindingsResult,
): RankedCase<TestCase> {
  const testCase: TestCase = { '@_name': visibleText(rule), '@_classname': classname };
  if (findings === undefined) return { testCase, kind: 'passed' };
  let errors = 0;
  let total = 0;
  let failing = false;
  let unlisted = false;
  const lines: string[] = [];
  // A finding standing for those past the check's own listing limit counts them all.
  for (const finding of findings) {
    total += findingWeight(finding);
    if (finding.severity === 'error') errors += findingWeight(finding);
    if (findingFails(finding, result)) failing = true;
    if (finding.omitted !== undefined) unlisted = true;
    else if (lines.length < maxLinesPerCase) lines.push(findingLine(finding));
  }
  if (total > lines.length) {
    const where = unlisted
      ? 'counted; `--format text` or `json` lists the first 1,000 of a rule per file'
      : '`--format text` or `json` lists them all';
    lines.push(`… ${plural(total - lines.length, 'more finding')} of this rule; ${where}`);
  }
  const body = `${lines.join('\n')}\n`;
  const message = `${plural(errors, 'error')}, ${plural(total - errors, 'warning')}`;
  if (failing && errors > 0) {
    testCase.failure = { '@_message': message, '@_type': 'error', '#text': body };
    return { testCase, kind: 'error' };
  }
  if (failing) {
    testCase.failure = { '@_message': message, '@_type': 'warning', '#text': body };
    return { testCase, kind: 'warning-failure' };
  }
  testCase.skipped = {
    '@_message': `${errors === 0 ? plural(total, 'warning') : message}: ${lines[0] ?? ''}`,
    '#text': body,
  };
  return { testCase, kind: 'skipped' };
}

/** A case per rule of the catalogue, then one per rule that a finding names outside it. */
function sourceSuite(source: AnalysedSource, rules: readonly RuleInfo[], result: FindingsResult): CaseSuite<TestCase> {
  const byRule = new Map<string, Finding[]>();
  for (const finding of source.findings) {
    const list = byRule.get(finding.rule);
    if (list === undefined) byRule.set(finding.rule, [finding]);
    else list.push(finding);
  }
  const classname = junitClassname(source.source);
  const cases: RankedCase<TestCase>[] = [];
  for (const rule of rules) {
    cases.push(ruleCase(classname, rule.id, byRule.get(rule.id), result));
    byRule.delete(rule.id);
  }
  for (const [rule, findings] of byRule) cases.push(ruleCase(classname, rule, findings, result));
  return { name: source.source, cases };
}

function assertionText(assertion: AssertionResult): string {
  const actual =
    assertion.actual === null ? 'nothing matched the scope' : (assertion.actualText ?? String(assertion.actual));
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
 * `<failure>`; a failed `warn` assertion does not fail the gate, so it is skipped like a
 * check warning, its result in the `<skipped>` text starting with `warn:`.
 */
function assertionCase(assertion: AssertionResult): RankedCase<TestCase> {
  const testCase: TestCase = {
    '@_name': visibleText(`${assertion.name} › ${assertion.scope}`),
    '@_classname': junitClassname('gate'),
  };
  if (assertion.passed) return { testCase, kind: 'passed' };
  const text = `${assertionText(assertion)}\n`;
  const actual = assertion.actual === null ? 'nothing' : (assertion.actualText ?? String(assertion.actual));
  const message = visibleText(`actual ${actual}, expected ${assertion.expected} (${assertion.scope})`);
  if (assertion.level === 'warn') {
    testCase.skipped = { '@_message': `warn: ${message}`, '#text': text };
    return { testCase, kind: 'skipped' };
  }
  testCase.failure = { '@_message': message, '@_type': 'gate', '#text': text };
  return { testCase, kind: 'gate-failure' };
}

function gateSuite(gate: GateResult): CaseSuite<TestCase> {
  return { name: `gate: ${gate.rulesFile}`, cases: gate.assertions.map(assertionCase) };
}

/**
 * A changed policy's case. One that fails the run (it counts against
 * `--fail-on-regression`) fails. A regression or a new failure that fails nothing (below
 * the limit, or no limit given) is skipped with what changed, as a warning is; a fix,
 * another coverage change, a new policy that passes or a removed one that fails nothing
 * passes with what changed in `<system-out>`, where a dashboard still shows it.
 */
function changeCase(classname: string, change: PolicyChange, fails: boolean): RankedCase<TestCase> {
  const testCase: TestCase = {
    '@_name': visibleText(`${change.complianceNumber} ${change.shortTitle} (${change.policyId})`),
    '@_classname': classname,
  };
  const resources = change.new ?? change.old;
  const acceptance = acceptanceText(change);
  const text = [
    `${change.kind}: ${transitionText(change)}`,
    `severity: ${change.severity}`,
    `category: ${change.category.name}`,
    ...(resources === null ? [] : [`resources passed: ${resources.passedResources} of ${resources.totalResources}`]),
    ...(acceptance === undefined ? [] : [acceptance]),
  ]
    .map(visibleText)
    .join('\n');
  const what =
    change.kind === 'regression' ? 'regressed' : change.kind === 'new-failure' ? 'failed anew' : 'was removed';
  const message = visibleText(`${change.severity} policy ${what}: ${transitionText(change)}`);
  if (fails) {
    testCase.failure = { '@_message': message, '@_type': change.kind, '#text': `${text}\n` };
    return { testCase, kind: 'regression', severity: change.severity };
  }
  if (isWorse(change.kind)) {
    const why =
      change.accepted === undefined ? 'does not fail the run' : `accepted: ${visibleText(change.accepted.id)}`;
    testCase.skipped = { '@_message': `${message} (${why})`, '#text': `${text}\n` };
    return { testCase, kind: 'skipped' };
  }
  testCase['system-out'] = `${text}\n`;
  return { testCase, kind: 'passed' };
}

/** A compared report's suite: a case per changed policy, regressions first as the diff lists them. */
function diffSuite(report: ReportDiff, result: FindingsResult): CaseSuite<TestCase> {
  const classname = junitClassname('diff', report.benchmarkId, report.accountId);
  const cases = report.changes.map((change) => changeCase(classname, change, changeFails(change, result)));
  return {
    name: `diff: ${report.benchmarkId} · ${report.accountName} (old ${scanText(report.old)}; new ${scanText(report.new)})`,
    cases,
  };
}

/**
 * The verdict as a case: failed when the run failed, and why; passed when it passed
 * with notes. The notes are its `<system-out>`, which a dashboard shows of a passed
 * case as of a failed one.
 */
function verdictSuite(verdict: Verdict, notes: readonly string[]): TestSuite {
  const testCase: TestCase = { '@_name': 'verdict', '@_classname': junitClassname('verdict') };
  const reasons = reasonsBesideNotes(verdict, notes);
  if (verdict.status === 'fail')
    testCase.failure = {
      '@_message': visibleText(reasons[0] ?? 'failed'),
      '@_type': 'verdict',
      '#text': `${reasons.map(visibleText).join('\n')}\n`,
    };
  if (notes.length > 0) testCase['system-out'] = `${notes.map((note) => `note: ${visibleText(note)}`).join('\n')}\n`;
  return suite('verdict', [testCase]);
}

function sum(suites: readonly TestSuite[], key: '@_tests' | '@_failures'): string {
  let total = 0;
  for (const item of suites) total += Number(item[key]);
  return String(total);
}

/** Bytes of a case as written, with room for the indentation of its element lines. */
function caseBytes(testCase: TestCase): number {
  return utf8Length(xmlBuilder().build({ testcase: testCase })) + 64;
}

function omittedText(omitted: CappedSuite<TestCase>['omitted']): string {
  const left = omitted.failures + omitted.skipped + omitted.passed;
  return `${plural(left, 'test case')} left out (${plural(omitted.failures, 'failure')}, ${omitted.skipped.toLocaleString('en-US')} skipped, ${omitted.passed.toLocaleString('en-US')} passed)`;
}

const limitsText = `a JUnit output holds at most ${maxTestCases.toLocaleString('en-US')} test cases and ${maxJunitBytes / 1024 / 1024} MB, the worst kept first; \`--format json\` lists everything`;

/** A suite of the cases kept; one that lost cases says how many in a property and in its `<system-out>`. */
function writtenSuite(capped: CappedSuite<TestCase>): TestSuite {
  const written = suite(capped.name, capped.cases);
  const { failures, skipped, passed } = capped.omitted;
  if (failures + skipped + passed === 0) return written;
  const properties = {
    property: [{ '@_name': 'cspm-report.omitted', '@_value': String(failures + skipped + passed) }],
  };
  return {
    '@_name': written['@_name'],
    '@_tests': written['@_tests'],
    '@_failures': written['@_failures'],
    '@_errors': '0',
    '@_skipped': written['@_skipped'],
    properties,
    testcase: written.testcase,
    'system-out': `${omittedText(capped.omitted)}: ${limitsText}\n`,
  };
}

/** The final suite when cases were left out: one skipped case saying how many, where every viewer shows it. */
function omittedSuite(capped: readonly CappedSuite<TestCase>[]): TestSuite | undefined {
  const total = { failures: 0, skipped: 0, passed: 0 };
  const lines: string[] = [];
  for (const each of capped) {
    const { failures, skipped, passed } = each.omitted;
    if (failures + skipped + passed === 0) continue;
    total.failures += failures;
    total.skipped += skipped;
    total.passed += passed;
    if (lines.length < maxLinesPerCase) lines.push(`${visibleText(each.name)}: ${omittedText(each.omitted)}`);
  }
  if (lines.length === 0) return undefined;
  const message = `${omittedText(total)}: ${limitsText}`;
  const testCase: TestCase = {
    '@_name': 'omitted',
    '@_classname': junitClassname('omitted'),
    skipped: { '@_message': message, '#text': `${lines.join('\n')}\n` },
  };
  return { ...suite('omitted', [testCase]), 'system-out': `${message}\n` };
}

/** The suites with the exceptions files, their SHA-256 and the ids applied as properties, when the run had any. */
function withExceptions(suites: TestSuite[], result: FindingsResult): TestSuite[] {
  return result.exceptions === undefined ? suites : withSuiteProperties(suites, exceptionProperties(result.exceptions));
}

/**
 * `--format junit`: JUnit XML as Jenkins, GitLab and Azure DevOps read it, valid against
 * the Jenkins xUnit plugin's junit-10.xsd. A suite per input file with a case per rule of
 * the catalogue (classname `cspm-report/<file>`, see {@link junitClassname}); with a diff a
 * suite `diff: …` per compared report with a case per changed policy, failed for a
 * regression; with a gate a suite `gate: <rules file>` with a case per assertion result;
 * with exceptions a suite `accepted risks` of skipped cases (see acceptedRiskSuite).
 * At most {@link maxTestCases} cases and {@link maxJunitBytes} bytes, the worst kept.
 */
export const junitFormat: FindingsFormat = {
  name: 'junit',
  extension: 'xml',
  mediaType: 'application/xml',
  describe: 'JUnit XML: a test suite per file, a test case per rule (CI test reports)',
  format(result, options) {
    const ranked: CaseSuite<TestCase>[] = [];
    for (const source of result.analysis.sources) ranked.push(sourceSuite(source, options.rules, result));
    if (result.diff !== undefined) for (const report of result.diff.reports) ranked.push(diffSuite(report, result));
    if (result.gate !== undefined) ranked.push(gateSuite(result.gate));
    if (result.exceptions !== undefined)
      ranked.push(acceptedRiskSuite(result.exceptions, junitClassname('accepted-risks')));
    // Room for the suites' own elements, names (escaped at worst six bytes a character), and the notes of what was left
    // out.
    let reserved = 64 * 1024;
    for (const each of ranked) reserved += 6 * utf8Length(each.name) + 512;
    // One case is kept back for the verdict, one for the note of what was left out.
    const capped = capCases(ranked, caseBytes, { maxCases: maxTestCases - 2, maxBytes: maxJunitBytes, reserved });
    const suites = capped.map(writtenSuite);
    const omitted = omittedSuite(capped);
    if (omitted !== undefined) suites.push(omitted);
    // A run that fails for what no case shows (a lost report, nothing valid) says so in a
    // case of its own; one that passes with notes states them in one.
    const verdict = statedVerdict(result);
    const notes = runNotes(result);
    if (
      (verdict.status === 'fail' && sum(suites, '@_failures') === '0') ||
      (verdict.status === 'pass' && notes.length > 0)
    )
      suites.push(verdictSuite(verdict, notes));
    // No `skipped` here: junit-10.xsd allows it on <testsuite> only.
    const document = {
      '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
      testsuites: {
        '@_name': 'cspm-report',
        '@_tests': sum(suites, '@_tests'),
        '@_failures': sum(suites, '@_failures'),
        '@_errors': '0',
        testsuite: withExceptions(withNotes(withRunSettings(suites, result.runSettings), notes), result),
      },
    };
    const xml: string = xmlBuilder().build(document);
    return xml.endsWith('\n') ? xml : `${xml}\n`;
  },
};
