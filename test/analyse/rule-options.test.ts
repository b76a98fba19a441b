import { describe, expect, it } from 'vitest';
import { type Finding } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { type ReportRule } from '../../src/model/rule.js';
import { runRule } from '../../src/analyse/run-rules.js';
import { CappedFindings } from '../../src/model/capped-findings.js';
import { baseReport, categoryOf, changed, envelope, policyOf, withoutPosture } from './support/base-report.js';
import { expectCase, text, value, type RuleCase } from './support/rule-cases.js';

/** Category 0 states Total 5 for 4 policies: category-total and category-count, both errors. */
const wrongTotal = value(changed((report) => (withoutPosture(report), (categoryOf(report, 0).Total = 5))));

describe('severity settings', () => {
  const cases: RuleCase[] = [
    {
      name: 'off silences one rule and keeps the others',
      input: wrongTotal,
      options: { severities: { 'category-count': 'off' } },
      expected: [{ rule: 'category-total', severity: 'error', pointer: '/ResourceCategories/0/Total' }],
    },
    {
      name: 'warning lowers an error rule',
      input: wrongTotal,
      options: { severities: { 'category-total': 'warning' } },
      expected: [
        { rule: 'category-total', severity: 'warning', pointer: '/ResourceCategories/0/Total' },
        { rule: 'category-count', severity: 'error', pointer: '/ResourceCategories/0/Total' },
      ],
    },
    {
      name: 'error raises a warning rule',
      input: value(
        envelope([baseReport(), changed((report) => (report.JobId = '0a7c3e91-d5b2-4f68-8c14-b69e2f0d7a53'))]),
      ),
      options: { severities: { 'mixed-ids': 'error' } },
      expected: [{ rule: 'mixed-ids', severity: 'error', pointer: '/result/1/JobId' }],
    },
    {
      name: 'a setting overrides the severity a rule gives a hit of its own',
      input: value(changed((report) => (policyOf(report, 1, 1).ComplianceNumber = '2000.2'))),
      options: { severities: { 'compliance-number': 'error' } },
      expected: [
        { rule: 'compliance-number', severity: 'error', pointer: '/ResourceCategories/1/Policies/1/ComplianceNumber' },
      ],
    },
    {
      name: 'a setting that would lower a loader finding is not applied: the input could not be read',
      input: text('[{"BenchmarkId": "CSBP",'),
      options: { severities: { 'json-syntax': 'warning' } },
      expected: [{ rule: 'json-syntax', severity: 'error', pointer: '' }],
    },
    {
      name: 'nor one that would silence a schema finding: the invalid report is left out of the figures',
      input: value(changed((report) => (policyOf(report, 0, 0).TotalResourceCount = -4))),
      options: { severities: { schema: 'off' } },
      expected: [{ rule: 'schema', severity: 'error', pointer: '/ResourceCategories/0/Policies/0/TotalResourceCount' }],
    },
    {
      name: 'a setting that raises a loader finding is applied',
      input: { path: 'package.json', listed: true },
      options: { severities: { 'not-a-report': 'error' } },
      expected: [{ rule: 'not-a-report', severity: 'error', pointer: '' }],
    },
  ];
  it.each(cases)('$name', async (item) => {
    await expectCase(item);
  });

  it('counts errors and warnings after the settings', async () => {
    const analysis = await analyseInputs(wrongTotal, { severities: { 'category-total': 'warning' } });
    expect(analysis.summary).toMatchObject({ errors: 1, warnings: 1 });
  });
});

describe('percent formula', () => {
  it('reports the formula in force', async () => {
    expect((await analyseInputs(value(baseReport()))).percentFormula).toBe('green-of-assessed');
    expect((await analyseInputs(value(baseReport()), { percentFormula: 'passed-resources' })).percentFormula).toBe(
      'passed-resources',
    );
  });

  it('recomputes the figures by the pinned formula', async () => {
    const analysis = await analyseInputs(value(baseReport()), { percentFormula: 'green-of-total' });
    const report = analysis.sources[0]!.reports[0]!;
    expect(report.figures.percent).toBeCloseTo((2 / 7) * 100, 9);
    expect(report.categories.map((category) => category.figures.percent)).toEqual([25, (1 / 3) * 100]);
  });
});

describe('a rule that throws', () => {
  const throwing: ReportRule = {
    id: 'category-total',
    stage: 'report',
    defaultSeverity: 'warning',
    description: 'a rule that breaks',
    rationale: 'test',
    check() {
      throw new TypeError('Cannot read properties of undefined');
    },
  };
  const context = { report: baseReport(), pointer: '/result/0', categories: [], percentFormula: undefined, folded: [] };

  it('becomes an error finding at the report, and the next rule still runs', () => {
    const findings: Finding[] = [];
    const into = new CappedFindings(findings);
    runRule(throwing, context, '/result/0', {}, into);
    runRule(
      { ...throwing, id: 'category-count', check: () => [{ pointer: '/result/0/JobId', message: 'still running' }] },
      context,
      '/result/0',
      {},
      into,
    );
    expect(findings).toEqual([
      {
        rule: 'category-total',
        severity: 'error',
        pointer: '/result/0',
        message: 'the rule category-total could not run here (Cannot read properties of undefined); please report this',
      },
      { rule: 'category-count', severity: 'warning', pointer: '/result/0/JobId', message: 'still running' },
    ]);
  });

  it('is not run at all when it is turned off', () => {
    const findings: Finding[] = [];
    runRule(throwing, context, '/result/0', { severities: { 'category-total': 'off' } }, new CappedFindings(findings));
    expect(findings).toEqual([]);
  });
});
