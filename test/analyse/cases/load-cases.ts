import { baseReport, changed, envelope, policyOf } from '../support/base-report.js';
import { text, value, type RuleTables } from '../support/rule-cases.js';

/** Rules of the loader and the schema stage. */
export const loadTables: RuleTables = {
  'json-syntax': [
    {
      name: 'a download cut off in the middle of the envelope',
      input: text(
        '{\n    "result":  [\n                   {\n                       "BenchmarkName":  "Cloud Security Best Practices",\n',
      ),
      expected: [{ rule: 'json-syntax', severity: 'error', pointer: '', says: ['not valid JSON at line 5'] }],
    },
    {
      name: 'an empty file',
      input: text(''),
      expected: [{ rule: 'json-syntax', severity: 'error', pointer: '', says: ['the file is empty'] }],
    },
    {
      name: 'a trailing comma, as a hand edit leaves it',
      input: text('[\n    {\n        "BenchmarkId":  "CSBP",\n    },\n]\n'),
      expected: [{ rule: 'json-syntax', severity: 'error', pointer: '', says: ['line 4'] }],
    },
    {
      name: 'the same report as JSON text parses',
      input: text(JSON.stringify([baseReport()], null, 4)),
      expected: [],
    },
  ],
  'envelope-failure': [
    {
      name: 'a 401 with a message and no result',
      input: value(envelope(null, 401, 'Unauthorized: the account token is missing or expired')),
      expected: [
        {
          rule: 'envelope-failure',
          severity: 'error',
          pointer: '/statusCode',
          says: ['statusCode 401', 'Unauthorized: the account token is missing or expired'],
        },
      ],
    },
    {
      name: 'the result of a failed call is not read, even when it looks like a report',
      input: value(envelope([baseReport()], 500, 'Internal server error')),
      expected: [{ rule: 'envelope-failure', severity: 'error', pointer: '/statusCode', says: ['statusCode 500'] }],
    },
    {
      name: 'a successful envelope',
      input: value(envelope([baseReport()])),
      expected: [],
    },
  ],
  'no-valid-report': [
    {
      name: 'a folder whose one JSON file is no report (a package.json)',
      input: { path: 'package.json', listed: true },
      expected: [
        { rule: 'not-a-report', severity: 'warning', pointer: '' },
        {
          rule: 'no-valid-report',
          severity: 'error',
          pointer: '',
          says: ['no valid benchmark report', 'whatever rules are turned off'],
        },
      ],
    },
    {
      name: 'two files of a folder with nothing valid: each says so',
      input: [
        { path: 'package.json', listed: true },
        { path: 'samples/gate/gate-rules.json', listed: true },
      ],
      expected: [
        { rule: 'not-a-report', severity: 'warning', pointer: '' },
        { rule: 'not-a-report', severity: 'warning', pointer: '' },
        { rule: 'no-valid-report', severity: 'error', pointer: '' },
        { rule: 'no-valid-report', severity: 'error', pointer: '' },
      ],
    },
    {
      name: 'a file that is not JSON, with json-syntax turned off: the setting is not applied, and its error says why',
      input: text('this is not JSON'),
      options: { severities: { 'json-syntax': 'off' } },
      expected: [{ rule: 'json-syntax', severity: 'error', pointer: '' }],
    },
    {
      name: 'an empty array, with empty-report lowered to a warning: the setting is not applied',
      input: value([]),
      options: { severities: { 'empty-report': 'warning' } },
      expected: [{ rule: 'empty-report', severity: 'error', pointer: '' }],
    },
    {
      name: 'an error that says why already is enough',
      input: text('{'),
      expected: [{ rule: 'json-syntax', severity: 'error', pointer: '' }],
    },
    {
      name: 'one valid report among unreadable inputs: the others keep their own errors, silenced or not',
      input: [value([baseReport()], 'good.json'), text('{', 'bad.json')],
      options: { severities: { 'json-syntax': 'off' } },
      expected: [{ rule: 'json-syntax', severity: 'error', pointer: '' }],
    },
  ],
  'not-a-report': [
    {
      name: 'a package.json given by mistake',
      input: value(
        { name: 'reports', version: '1.0.0', private: true, scripts: { test: 'vitest' }, devDependencies: {} },
        'package.json',
      ),
      expected: [{ rule: 'not-a-report', severity: 'error', pointer: '', says: ['not an audit report', 'skipped'] }],
    },
    {
      name: 'an onboarding response: an envelope whose result holds ids, not a report',
      input: value(envelope({ accountId: 'a1', jobId: 'j1' })),
      expected: [
        {
          rule: 'not-a-report',
          severity: 'error',
          pointer: '/result',
          says: ['nothing at /result has a field of a benchmark report'],
        },
      ],
    },
    {
      name: 'an array of numbers',
      input: value([1, 2, 3]),
      expected: [{ rule: 'not-a-report', severity: 'error', pointer: '' }],
    },
    {
      name: 'a JSON string',
      input: text('"hello"'),
      expected: [{ rule: 'not-a-report', severity: 'error', pointer: '' }],
    },
    {
      name: 'a report that lacks most fields is still a report, with schema findings',
      input: value({ BenchmarkId: 'CSBP' }),
      expected: [
        'BenchmarkName',
        'AccountId',
        'LicenseId',
        'LicenseName',
        'AccountName',
        'ConnectorType',
        'SubscriptionId',
        'AWSAccountId',
        'JobId',
        'ResourceCategories',
      ].map((field) => ({
        rule: 'schema' as const,
        severity: 'error' as const,
        pointer: `/${field}`,
      })),
    },
    {
      name: 'an array holding one report among other values is validated item by item',
      input: value([baseReport(), 42]),
      expected: [{ rule: 'schema', severity: 'error', pointer: '/1' }],
    },
  ],
  schema: [
    {
      name: 'a missing required field is located where it belongs',
      input: value(changed((report) => delete (report as Partial<typeof report>).JobId)),
      expected: [{ rule: 'schema', severity: 'error', pointer: '/JobId', says: ['lacks the required field JobId'] }],
    },
    {
      name: 'a count as a string',
      input: value(changed((report) => Object.assign(report.ResourceCategories[0]!, { Total: '4' }))),
      expected: [
        {
          rule: 'schema',
          severity: 'error',
          pointer: '/ResourceCategories/0/Total',
          says: ['category "Azure - Storage Accounts"', 'must be integer, not string "4"'],
        },
      ],
    },
    {
      name: 'a negative count',
      input: value(changed((report) => (policyOf(report, 0, 1).PassedResourceCount = -1))),
      expected: [
        {
          rule: 'schema',
          severity: 'error',
          pointer: '/ResourceCategories/0/Policies/1/PassedResourceCount',
          says: [
            'policy 1300.2',
            '(StorageBlobPublicAccess)',
            'category "Azure - Storage Accounts"',
            'must be >= 0, not -1',
          ],
        },
      ],
    },
    {
      name: 'pointers of a report inside the envelope start at /result/<index>',
      input: value(
        envelope([
          baseReport(),
          changed((report) => delete (policyOf(report, 1, 2) as Partial<ReturnType<typeof policyOf>>).ServiceName),
        ]),
      ),
      expected: [
        {
          rule: 'schema',
          severity: 'error',
          pointer: '/result/1/ResourceCategories/1/Policies/2/ServiceName',
          says: ['lacks the required field ServiceName'],
        },
      ],
    },
    {
      name: 'fields beyond the specification are kept, not flagged',
      input: value([
        changed((report) =>
          Object.assign(report, {
            Title: 'Cloud Security Best Practices',
            LastScannedDate: '2024-03-18T06:42:17.3841207Z',
            LastScannedDateEpochTime: 1710744137,
            LongName: null,
            TimeToLive: null,
          }),
        ),
      ]),
      expected: [],
    },
  ],
};
