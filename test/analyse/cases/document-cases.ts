import { baseReport, categoryOf, changed, envelope, withoutPosture } from '../support/base-report.js';
import { value, type RuleTables } from '../support/rule-cases.js';
import { prowlerFinding } from '../../support/prowler-finding.js';

const otherJob = '0a7c3e91-d5b2-4f68-8c14-b69e2f0d7a53';

/** Rules that look across the reports of one document. */
export const documentTables: RuleTables = {
  'empty-report': [
    {
      name: 'an envelope whose result is an empty array',
      input: value(envelope([])),
      expected: [{ rule: 'empty-report', severity: 'error', pointer: '/result', says: ['no benchmark report'] }],
    },
    {
      name: 'a raw array with no report',
      input: value([]),
      expected: [{ rule: 'empty-report', severity: 'error', pointer: '', says: ['no benchmark report'] }],
    },
    {
      name: 'a report with no category',
      input: value(changed((report) => withoutPosture(report).ResourceCategories.splice(0))),
      expected: [
        {
          rule: 'empty-report',
          severity: 'error',
          pointer: '/ResourceCategories',
          says: ['benchmark CSBP of account "Contoso Production" has no resource category'],
        },
      ],
    },
    {
      name: 'categories that hold no policy',
      input: value(
        changed((report) => {
          withoutPosture(report);
          for (const index of [0, 1])
            Object.assign(categoryOf(report, index), {
              Total: 0,
              Green: 0,
              Red: 0,
              Amber: 0,
              Gray: 0,
              CompliancePercent: 0,
              Policies: [],
            });
        }),
      ),
      expected: [
        {
          rule: 'empty-report',
          severity: 'error',
          pointer: '/ResourceCategories',
          says: ['has no policy in any of its 2 categories'],
        },
      ],
    },
    {
      name: 'a report with policies',
      input: value(envelope(baseReport())),
      expected: [],
    },
  ],
  'duplicate-report': [
    {
      name: 'the same report twice in one envelope',
      input: value(envelope([baseReport(), baseReport()])),
      expected: [
        {
          rule: 'duplicate-report',
          severity: 'error',
          pointer: '/result/1',
          says: ['at /result/1 repeats the report at /result/0'],
        },
      ],
    },
    {
      name: 'the same file given twice in one run',
      input: [value(baseReport(), 'ok.json'), value(baseReport(), 'ok.json')],
      expected: [
        {
          rule: 'duplicate-report',
          severity: 'error',
          pointer: '',
          says: ['at (document) repeats the report at (document) of ok.json', 'would count twice'],
        },
      ],
    },
    {
      name: 'a report of one file repeated inside the envelope of another',
      input: [
        value([baseReport()], 'a.json'),
        value(envelope([changed((report) => (report.BenchmarkId = 'CIS')), baseReport()]), 'b.json'),
      ],
      expected: [
        {
          rule: 'duplicate-report',
          severity: 'error',
          pointer: '/result/1',
          says: ['at /result/1 repeats the report at /0 of a.json'],
        },
      ],
    },
    {
      name: 'two benchmarks of one account and job in two files',
      input: [
        value(baseReport(), 'a.json'),
        value(
          changed((report) => (report.BenchmarkId = 'CIS')),
          'b.json',
        ),
      ],
      expected: [],
    },
    {
      name: 'the same benchmark from two scan jobs',
      input: value(envelope([baseReport(), changed((report) => (report.JobId = otherJob))])),
      expected: [{ rule: 'mixed-ids', severity: 'warning', pointer: '/result/1/JobId' }],
    },
  ],
  'mixed-ids': [
    {
      name: "another scanner's results of two accounts, by framework: one file of many accounts by design",
      input: value([
        prowlerFinding({ account: '111111111111', compliance: { 'CIS-2.0': ['1.5'], 'ISO27001-2013': ['A.9.2'] } }),
        prowlerFinding({ account: '222222222222', status: 'PASS' }),
      ]),
      options: { framework: 'all' },
      expected: [],
    },
    {
      name: 'reports of two scan jobs in one envelope',
      input: value(envelope([baseReport(), changed((report) => (report.JobId = otherJob))])),
      expected: [
        {
          rule: 'mixed-ids',
          severity: 'warning',
          pointer: '/result/1/JobId',
          says: [`JobId "${otherJob}"`, 'mixes 2 JobId values'],
        },
      ],
    },
    {
      name: 'reports of another account, job and license',
      input: value([
        baseReport(),
        changed((report) =>
          Object.assign(report, {
            AccountId: '7d3b95e1-c2a4-4f07-9b68-e5a1d03c7f24',
            JobId: otherJob,
            LicenseId: '2a61f8d4-97c0-4e3b-b5a2-8d4c1e7f9063',
          }),
        ),
      ]),
      expected: [
        { rule: 'mixed-ids', severity: 'warning', pointer: '/1/AccountId' },
        { rule: 'mixed-ids', severity: 'warning', pointer: '/1/JobId' },
        { rule: 'mixed-ids', severity: 'warning', pointer: '/1/LicenseId' },
      ],
    },
    {
      name: 'several benchmarks of one account and one job',
      input: value(
        envelope([
          baseReport(),
          changed((report) =>
            Object.assign(report, {
              BenchmarkId: 'AZFDCIS1_3_0',
              BenchmarkName: 'CIS Microsoft Azure Foundations Benchmark1.3.0',
            }),
          ),
        ]),
      ),
      expected: [],
    },
  ],
};
