import type { AnalysedCategory, AnalysedReport, AnalysedSource, Analysis, Figures } from '../../../src/index.js';
import type { Finding, RuleId, Severity } from '../../../src/model/finding.js';
import type { AssertionResult, GateResult } from '../../../src/model/gate.js';
import { minimalReport, policy } from '../../support/minimal-report.js';

/*
 * Analyses built by hand for the byte-for-byte tests of the sarif format: every kind of
 * location, value and hostile string the format writes, independent of what the rules
 * of analyse happen to find.
 */

/** Quotes, backslashes, C0/DEL/C1 controls, bidi controls and marks, separators, lone surrogates, emoji. */
export const hostile =
  'a "quoted" \\ back\\slash \u0000\u0001\b\t\n\r\u001f \u007f\u0080\u0085\u009f \u061c\u200e\u200f \u2028\u2029 \u202a\u202e\u2066\u2069 \ud800 lone \udfff x\ud83d 😀 日本 </script> %20 #';

/**
 * The same without lone surrogates, for file names: percent-encoding a path with a lone
 * surrogate throws URIError (encodeURIComponent), which these tests do not pin.
 */
const hostilePath = hostile.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');

/**
 * Absolute paths under the folder the tests run in and outside it: the format writes
 * them relative to it, so the bytes hold no machine's folder but in the run's list of
 * files, which the byte test writes as `<cwd>`.
 */
const underCwd = `${process.cwd()}/abs/cut short.json`;
const outsideCwd = `${process.cwd()}/../outside/x.json`;

const zero: Figures = {
  total: 0,
  green: 0,
  red: 0,
  amber: 0,
  gray: 0,
  other: 0,
  passedResources: 0,
  totalResources: 0,
  percent: 0,
};

function analysedReport(
  pointer: string,
  tweak: (report: AnalysedReport['report']) => void = () => undefined,
): AnalysedReport {
  const report = minimalReport();
  report.ResourceCategories[0]!.Policies.push(policy('Storage"Quoted\\Id', '1000.4', 1, 1));
  tweak(report);
  const categories: AnalysedCategory[] = report.ResourceCategories.map((category, index) => ({
    category,
    pointer: `${pointer}/ResourceCategories/${index}`,
    figures: zero,
    redBySeverity: [],
    amberBySeverity: [],
    otherBySeverity: [],
  }));
  return { report, pointer, figures: zero, redBySeverity: [], amberBySeverity: [], otherBySeverity: [], categories };
}

function finding(
  rule: RuleId,
  severity: Severity,
  pointer: string,
  message: string,
  values: Partial<Pick<Finding, 'expected' | 'actual'>> = {},
): Finding {
  return { rule, severity, pointer, message, ...values };
}

function source(
  name: string,
  reports: AnalysedReport[],
  findings: Finding[],
  regions?: AnalysedSource['regions'],
): AnalysedSource {
  return {
    source: name,
    form: 'envelope',
    reportCount: reports.length,
    reports,
    policies: 6 * reports.length,
    findings,
    ...(regions === undefined ? {} : { regions }),
  };
}

/** Places of some of the varied source's findings: a scalar on one line, a container over several. */
const variedRegions = new Map([
  ['/result/0/ResourceCategories/0/Total', { startLine: 12, startColumn: 20, endLine: 12, endColumn: 21 }],
  ['/result/0/ResourceCategories/1', { startLine: 40, startColumn: 7, endLine: 71, endColumn: 8 }],
]);

/** Two reports in one file: the second's names are hostile, and a category id repeats. */
function variedSource(): AnalysedSource {
  const plain = analysedReport('/result/0');
  const odd = analysedReport('/result/1', (report) => {
    report.BenchmarkId = `HOSTILE ${hostile}`;
    report.AccountId = 'acct"\\1';
    const [storage, network] = report.ResourceCategories;
    storage!.CategoryName = `Storage ${hostile}`;
    storage!.Policies[0]!.PolicyId = `Id ${hostile}`;
    storage!.Policies[0]!.ComplianceNumber = '1000.1\u202e';
    network!.CategoryId = storage!.CategoryId;
  });
  const noId = analysedReport('/result/2', (report) => {
    report.BenchmarkId = '';
  });
  const policyPointer = '/result/0/ResourceCategories/0/Policies/1';
  return source(
    'reports/my report #1%.json',
    [plain, odd, noId],
    [
      finding(
        'category-total',
        'error',
        '/result/0/ResourceCategories/0/Total',
        'Total is 3 but the policies count 4',
        { expected: 4, actual: 3 },
      ),
      finding(
        'policy-compliance',
        'error',
        `${policyPointer}/Compliance`,
        'policy 1000.2 is "Green" but 0 of 2 resources passed',
        { expected: 'Red', actual: 'Green' },
      ),
      finding('policy-compliance', 'error', `${policyPointer}/Compliance`, 'the same place again, told apart by order'),
      finding('policy-compliance', 'error', `${policyPointer}/Compliance`, 'and a third time'),
      finding('policy-counts', 'warning', policyPointer, `hostile message ${hostile}`, {
        expected: hostile,
        actual: { nested: [hostile, 1, null, true, { deep: '\u202e' }], undef: undefined },
      }),
      finding('category-count', 'warning', '/result/0/ResourceCategories/1', 'the category itself', {
        expected: [1, 2.5, -0, 1e21],
        actual: null,
      }),
      finding('compliance-percent', 'warning', '/result/0/ResourceCategories/1/CompliancePercent', 'a category field', {
        expected: 50,
        actual: 12.5,
      }),
      finding(
        'compliance-number',
        'warning',
        '/result/0/ResourceCategories/0/Policies/9/ComplianceNumber',
        'a policy index past the end',
        { expected: false, actual: true },
      ),
      finding(
        'compliance-number',
        'warning',
        '/result/0/ResourceCategories/0/Policies/01',
        'a policy index with a leading zero',
      ),
      finding('compliance-number', 'warning', '/result/0/ResourceCategories/0/Policies/1x', 'no policy index'),
      finding('compliance-number', 'warning', '/result/0/ResourceCategories/0/Policies', 'the policies array'),
      finding('posture-total', 'warning', '/result/0', 'the report itself', { actual: '' }),
      finding('posture-total', 'warning', '/result/0/Posture/Total', 'a report field', { expected: 0 }),
      finding(
        'duplicate-policy-id',
        'error',
        '/result/1/ResourceCategories/0/Policies/0/PolicyId',
        `hostile place ${hostile}`,
        { actual: `Id ${hostile}` },
      ),
      finding(
        'duplicate-policy-id',
        'error',
        '/result/1/ResourceCategories/1/Policies/1',
        'a repeated category id in a hostile report',
      ),
      finding('mixed-ids', 'warning', '/result/2/ResourceCategories/0', 'a report without BenchmarkId'),
      finding('schema', 'error', '/result/3/ResourceCategories/0/Policies/0', 'no analysed report here', {
        expected: 'object',
        actual: 'string',
      }),
      finding('schema', 'error', '/result/0~1x/a~0b', 'escaped pointer segments'),
      finding('envelope-failure', 'error', '', 'the whole document'),
      finding(
        'not-in-catalogue' as RuleId,
        'warning',
        '/result/0/ResourceCategories/0/Policies/2',
        'a rule the catalogue lacks',
      ),
      finding(`other ${hostile}` as RuleId, 'error', '/result/0', 'a hostile rule id the catalogue lacks'),
      finding('not-in-catalogue' as RuleId, 'error', '/x', 'the same unknown rule again'),
    ],
    variedRegions,
  );
}

/** Every kind of path: relative, Windows relative, absolute, drive letter, stdin, hostile, and one without findings. */
function pathSources(): AnalysedSource[] {
  const syntax = (name: string, message = 'Unexpected end of JSON input'): AnalysedSource =>
    source(name, [], [finding('json-syntax', 'error', '', message)]);
  return [
    syntax('./././reports\\sub dir\\a.json'),
    syntax(underCwd),
    syntax('C:\\Users\\me\\r é.json'),
    syntax('c:/lower/x?y.json'),
    syntax('<stdin>'),
    syntax(`hostile ${hostilePath}.json`, hostile),
    syntax('./'),
    source('clean.json', [analysedReport('')], []),
    syntax(underCwd, 'the same file again: same identity, next occurrence'),
    syntax(outsideCwd),
  ];
}

function assertion(
  extra: Partial<AssertionResult> & Pick<AssertionResult, 'name' | 'metric' | 'passed'>,
): AssertionResult {
  return {
    level: 'error',
    actual: 40,
    expected: '>= 80',
    scope: 'all inputs',
    pointer: '/assertions/0',
    message: `${extra.metric} failed`,
    ...extra,
  };
}

/**
 * A gate result by hand (src/model/gate.ts): failed and passed, both levels, one metric twice, null and string
 * actuals.
 */
export function variedGate(): GateResult {
  return {
    rulesFile: `gate/rules ${hostilePath}.json`,
    status: 'fail',
    assertions: [
      assertion({
        name: 'enough green',
        metric: 'compliancePercent',
        passed: false,
        scope: 'r.json › CSBP › account Contoso Azure',
        source: 'reports/my report #1%.json',
        pointer: '/assertions/0',
      }),
      assertion({
        name: 'no red',
        level: 'warn',
        metric: 'redPolicies',
        passed: false,
        actual: 1,
        expected: '<= 0',
        pointer: '/assertions/1',
      }),
      assertion({
        name: 'few gray',
        metric: 'grayPolicies',
        passed: true,
        actual: 1,
        expected: '<= 5',
        pointer: '/assertions/2',
      }),
      assertion({
        name: `hostile ${hostile}`,
        metric: 'compliancePercent',
        passed: false,
        actual: null,
        scope: hostile,
        source: outsideCwd,
        message: hostile,
        pointer: '/assertions/3',
      }),
      assertion({
        name: 'colour',
        level: 'warn',
        metric: `policyCompliance ${hostile}`,
        passed: false,
        actual: 'Red',
        expected: 'not Red',
        pointer: '/assertions/4',
      }),
      assertion({
        name: 'colour',
        level: 'warn',
        metric: 'redPolicies',
        passed: false,
        actual: 2.5,
        expected: '<= 0',
        pointer: '/assertions/5',
      }),
    ],
  };
}

function analysisOf(sources: AnalysedSource[]): Analysis {
  let errors = 0;
  let warnings = 0;
  for (const item of sources)
    for (const found of item.findings)
      if (found.severity === 'error') errors += 1;
      else warnings += 1;
  return {
    summary: { files: sources.length, reports: 4, policies: 24, errors, warnings },
    percentFormula: 'green-of-assessed',
    sources,
  };
}

/** Several files, findings inside reports, categories and policies and outside any, hostile strings everywhere. */
export function variedAnalysis(): Analysis {
  return analysisOf([variedSource(), ...pathSources()]);
}

/**
 * More results than a run holds: 3 failed assertions, 20,000 errors and 10,000 warnings
 * over two files, so that the cap cuts the warnings part-way through the second file.
 */
export function cappedAnalysis(): { analysis: Analysis; gate: GateResult } {
  const gate = variedGate();
  const files = [0, 1].map((file) => {
    const report = analysedReport('/result/0');
    const findings: Finding[] = [];
    for (let index = 0; index < 15_000; index += 1) {
      const pointer = `/result/0/ResourceCategories/${index % 3}/Policies/${index % 5}/Compliance`;
      const message = index % 997 === 0 ? `finding ${index} ${hostile}` : `finding ${index} of file ${file}`;
      findings.push(
        finding(
          index % 3 === 2 ? 'policy-counts' : 'policy-compliance',
          index % 3 === 2 ? 'warning' : 'error',
          pointer,
          message,
          index % 2 === 0 ? { expected: 'Red', actual: index } : {},
        ),
      );
    }
    return source(`reports/capped-${file}.json`, [report], findings);
  });
  return { analysis: analysisOf(files), gate };
}
