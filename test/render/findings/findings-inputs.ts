import { type Analysis, type Finding } from '../../../src/index.js';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { reportWithoutSeverities } from '../../support/report-without-severities.js';
import type { GateResult } from '../../../src/model/gate.js';
import { minimalReport } from '../../support/minimal-report.js';

/**
 * Text that breaks naive writers of XML, Markdown and workflow commands: quotes, markup,
 * a CDATA end, a percent escape, C0 controls, a right-to-left override, a lone surrogate,
 * a noncharacter, a table pipe, a backtick, a tab and line breaks.
 */
export const hostileText =
  'a "q" \'s\' <b>&amp; ]]> 100%0A | `code` \u0001\u0007 \u202eevil\u202c \ud800 \uffff\tend\r\nnext::warning::injected';

/** A file name as hostile as the text, with the `:` and `,` that end a workflow command property. */
export const hostileName = 'dir/a:b,c "x" <y> 50% \u202e\nz.json';

/** The report of warned.json in {@link mixedAnalysis}: one CompliancePercent that fits no formula. */
export function warnedReport(): ReturnType<typeof minimalReport> {
  const warned = minimalReport();
  warned.JobId = 'a1b2c3d4-0000-4000-8000-000000000024';
  warned.ResourceCategories[1]!.CompliancePercent = 12.5;
  return warned;
}

/**
 * Three inputs through the real pipeline: a clean report, one with two errors and a
 * warning in a category with a hostile name (the rules quote it), and one with only a warning.
 */
export async function mixedAnalysis(): Promise<Analysis> {
  const clean = minimalReport();
  const broken = minimalReport();
  broken.JobId = 'a1b2c3d4-0000-4000-8000-000000000014';
  broken.ResourceCategories[0]!.CategoryName = hostileText;
  broken.ResourceCategories[0]!.Total = 4;
  broken.ResourceCategories[1]!.CompliancePercent = 12.5;
  const warned = warnedReport();
  return analyseInputs([
    { text: JSON.stringify(clean), name: 'clean.json' },
    { text: JSON.stringify([broken]), name: hostileName },
    { text: JSON.stringify(warned), name: 'warned.json' },
  ]);
}

/**
 * 125,000 findings in one file. The analysis lists 1,000 per rule and file, so the list
 * is made here, as a library user or a later limit could hand a format: each format
 * must still bound its own output.
 */
export async function manyFindingsAnalysis(count = 125_000): Promise<Analysis> {
  return withFindings(await analyseInputs({ text: reportWithoutSeverities(1), name: 'many.json' }), count, (index) => ({
    rule: 'schema',
    severity: 'error',
    pointer: `/0/ResourceCategories/0/Policies/${index}/Severity`,
    message: `policy ${index} of category "Identity" lacks the required field Severity`,
  }));
}

/** The analysis with the findings of its first file replaced by `count` made by `make`, the summary counting them. */
export function withFindings(analysis: Analysis, count: number, make: (index: number) => Finding): Analysis {
  const findings = Array.from({ length: count }, (_, index) => make(index));
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const [first, ...rest] = analysis.sources;
  return {
    ...analysis,
    summary: { ...analysis.summary, errors, warnings: count - errors },
    sources: [{ ...first!, findings }, ...rest],
  };
}

/** A gate verdict as src/gate/ would give it: one of each kind of result, in rules-file order. */
export function gateResult(): GateResult {
  return {
    rulesFile: 'gate-rules.json',
    status: 'fail',
    assertions: [
      {
        name: 'min-compliance',
        level: 'error',
        metric: 'compliancePercent',
        passed: true,
        actual: 85,
        expected: '>= 80',
        scope: 'all inputs',
        pointer: '/assertions/0',
        message: 'compliancePercent is 85, which is >= 80',
      },
      {
        name: 'no-red-critical',
        level: 'error',
        metric: 'redPolicies',
        passed: false,
        actual: 3,
        expected: '<= 0',
        scope: 'r.json › CSBP › account 1',
        source: 'r.json',
        pointer: '/assertions/1',
        message: 'redPolicies is 3, expected <= 0',
      },
      {
        name: 'few-amber',
        level: 'warn',
        metric: 'amberPolicies',
        passed: false,
        actual: 7,
        expected: '<= 5',
        scope: 'all inputs',
        pointer: '/assertions/2',
        message: 'amberPolicies is 7, expected <= 5',
      },
      {
        name: hostileText,
        level: 'error',
        metric: 'policyCompliance',
        passed: false,
        actual: null,
        expected: 'Green',
        scope: 'all inputs',
        pointer: '/assertions/3',
        message: `nothing matched ${hostileText}`,
      },
    ],
  };
}
