import { baseReport, envelope } from '../support/base-report.js';
import { text, value, type RuleTables } from '../support/rule-cases.js';

/** The JSON text of `document` with the first `find` replaced by `repeat`, which says it again. */
function repeated(document: unknown, find: string, repeat: string, indent?: number): string {
  const json = JSON.stringify(document, null, indent);
  if (!json.includes(find)) throw new Error(`${find} is not in the document`);
  return json.replace(find, repeat);
}

/** `line L, column C` of the first `needle` in `json`, counted here. */
function placeOf(json: string, needle: string): string {
  const before = json.slice(0, json.indexOf(needle));
  return `line ${before.split('\n').length}, column ${before.length - before.lastIndexOf('\n')}`;
}

const secondReportRepeat = repeated(
  envelope([baseReport(), { ...baseReport(), BenchmarkId: 'CIS' }]),
  '"BenchmarkId": "CIS"',
  '"BenchmarkId": "CSBP",\n"BenchmarkId": "CIS"',
  4,
);
const redThenGreen = ['"Compliance":"Green"', '"Compliance":"Red","Compliance":"Green"'] as const;
const saysRedThenGreen = [
  'key "Compliance" appears twice in one object, at line 1, column',
  'JSON.parse keeps the last value ("Green"), so the earlier one is ignored',
];
/** A title that holds everything a scanner could mistake for structure. */
const trickyTitle = 'he said "Compliance": "Red", {"a": [1]} \\ \\" }, ] :';

/** `duplicate-key`: every form of document, keys equal only once unescaped, strings that look like JSON. */
export const duplicateKeyTables: RuleTables = {
  'duplicate-key': [
    {
      name: 'Red, then Green, in one policy of a single report: JSON.parse keeps Green',
      input: text(repeated(baseReport(), ...redThenGreen)),
      expected: [
        {
          rule: 'duplicate-key',
          severity: 'error',
          pointer: '/ResourceCategories/0/Policies/0/Compliance',
          says: saysRedThenGreen,
        },
      ],
    },
    {
      name: 'in an array of reports',
      input: text(repeated([baseReport()], ...redThenGreen)),
      expected: [
        {
          rule: 'duplicate-key',
          severity: 'error',
          pointer: '/0/ResourceCategories/0/Policies/0/Compliance',
          says: saysRedThenGreen,
        },
      ],
    },
    {
      name: 'in the envelope, indented as PowerShell writes it, in the second report',
      input: text(secondReportRepeat),
      expected: [
        {
          rule: 'duplicate-key',
          severity: 'error',
          pointer: '/result/1/BenchmarkId',
          says: [
            `key "BenchmarkId" appears twice in one object, at ${placeOf(secondReportRepeat, '"BenchmarkId": "CSBP",\n"BenchmarkId"')} and ${placeOf(secondReportRepeat, '"BenchmarkId": "CIS"')};`,
            '("CIS")',
          ],
        },
      ],
    },
    {
      name: 'deep in the last policy of the last category, a repeat that JSON.parse lets win',
      input: text(
        repeated([baseReport()], '"RiskLevel":""}]}],"Posture"', '"RiskLevel":"","Severity":"Critical"}]}],"Posture"'),
      ),
      expected: [
        {
          rule: 'duplicate-key',
          severity: 'error',
          pointer: '/0/ResourceCategories/1/Policies/2/Severity',
          says: ['key "Severity" appears twice', 'keeps the last value ("Critical")'],
        },
      ],
    },
    {
      name: 'keys equal only once unescaped: "Compliance" and "\\u0043ompliance"',
      input: text(repeated(baseReport(), '"Compliance":"Green"', '"Compliance":"Red","\\u0043ompliance":"Green"')),
      expected: [
        {
          rule: 'duplicate-key',
          severity: 'error',
          pointer: '/ResourceCategories/0/Policies/0/Compliance',
          says: ['key "Compliance" appears twice'],
        },
      ],
    },
    {
      name: 'a repeated __proto__ key, which JSON.parse keeps as an own property',
      input: text(repeated(baseReport(), '"JobId"', '"__proto__":{"Compliance":"Red"},"__proto__":null,"JobId"')),
      expected: [
        {
          rule: 'duplicate-key',
          severity: 'error',
          pointer: '/__proto__',
          says: ['key "__proto__" appears twice', 'keeps the last value (null)'],
        },
      ],
    },
    {
      name: 'a key with / and ~ is escaped in the pointer',
      input: text(repeated(baseReport(), '"JobId"', '"a/b~c":1,"a/b~c":2,"JobId"')),
      expected: [
        { rule: 'duplicate-key', severity: 'error', pointer: '/a~1b~0c', says: ['key "a/b~c" appears twice'] },
      ],
    },
    {
      name: 'quotes, backslashes, braces and colons in a string before a repeat do not hide it',
      input: text(repeated([{ ...baseReport(), LicenseName: trickyTitle }], ...redThenGreen)),
      expected: [
        { rule: 'duplicate-key', severity: 'error', pointer: '/0/ResourceCategories/0/Policies/0/Compliance' },
      ],
    },
    {
      name: 'quotes, backslashes, braces and colons in strings make no repeat of their own',
      input: text(JSON.stringify([{ ...baseReport(), LicenseName: trickyTitle, AccountName: '"Compliance":"Red"' }])),
      expected: [],
    },
    {
      name: 'the same key in sibling and nested objects is no repeat',
      input: text(repeated(baseReport(), '"JobId"', '"x":{"x":{"x":1},"y":[{"x":1},{"x":2}]},"JobId"')),
      expected: [],
    },
    {
      name: 'an already parsed value has no text to repeat a key in',
      input: value(JSON.parse(repeated(baseReport(), ...redThenGreen))),
      expected: [],
    },
    {
      name: '--rule duplicate-key=warning is not applied: a repeated key leaves the input unusable',
      input: text(repeated(baseReport(), ...redThenGreen)),
      options: { severities: { 'duplicate-key': 'warning' } },
      expected: [{ rule: 'duplicate-key', severity: 'error', pointer: '/ResourceCategories/0/Policies/0/Compliance' }],
    },
    {
      name: '--rule duplicate-key=off is not applied either',
      input: text(repeated(baseReport(), ...redThenGreen)),
      options: { severities: { 'duplicate-key': 'off' } },
      expected: [{ rule: 'duplicate-key', severity: 'error', pointer: '/ResourceCategories/0/Policies/0/Compliance' }],
    },
  ],
};
