import { baseReport, categoryOf, changed, envelope, policyOf } from '../support/base-report.js';
import { value, type RuleTables } from '../support/rule-cases.js';

/** Gives the policies of category `index` the numbers `numbers`, in order. */
function numbered(index: number, numbers: readonly string[]): (report: ReturnType<typeof baseReport>) => void {
  return (report) =>
    categoryOf(report, index).Policies.forEach((policy, at) => (policy.ComplianceNumber = numbers[at]!));
}

const awsAccount = { ConnectorType: 'AWS', SubscriptionId: null, AccountName: 'Northwind Traders - prod' };

/** Rules about identifiers: numbers, policy ids, the account's ids. */
export const identityTables: RuleTables = {
  'compliance-number': [
    {
      name: 'a number repeated within a category',
      input: value(changed((report) => (policyOf(report, 0, 2).ComplianceNumber = '1300.2'))),
      expected: [
        {
          rule: 'compliance-number',
          severity: 'error',
          pointer: '/ResourceCategories/0/Policies/2/ComplianceNumber',
          says: [
            '(StorageDefaultNetworkDeny) in category "Azure - Storage Accounts" repeats ComplianceNumber "1300.2" of policy 1300.2',
            '(StorageBlobPublicAccess)',
          ],
        },
      ],
    },
    {
      name: 'a number with another category number than the rest of its category',
      input: value(changed((report) => (policyOf(report, 1, 1).ComplianceNumber = '2000.2'))),
      expected: [
        {
          rule: 'compliance-number',
          severity: 'warning',
          pointer: '/ResourceCategories/1/Policies/1/ComplianceNumber',
          says: [
            'in category "Azure - Networking" is numbered "2000.2", but 2 other policies of the category are numbered 1900.x',
          ],
        },
      ],
    },
    {
      name: 'a number of another category, repeated there: both at once',
      input: value(changed((report) => (policyOf(report, 1, 2).ComplianceNumber = '1300.5'))),
      expected: [
        {
          rule: 'compliance-number',
          severity: 'error',
          pointer: '/ResourceCategories/1/Policies/2/ComplianceNumber',
          says: ['repeats ComplianceNumber "1300.5"'],
        },
        {
          rule: 'compliance-number',
          severity: 'warning',
          pointer: '/ResourceCategories/1/Policies/2/ComplianceNumber',
          says: ['numbered 1900.x'],
        },
      ],
    },
    {
      name: 'the first number of a category is the odd one: it is flagged, not the majority after it',
      input: value(changed(numbered(0, ['1200.1', '1300.2', '1300.3', '1300.2']))),
      expected: [
        {
          rule: 'compliance-number',
          severity: 'warning',
          pointer: '/ResourceCategories/0/Policies/0/ComplianceNumber',
          says: ['numbered "1200.1", but 3 other policies of the category are numbered 1300.x'],
        },
        {
          rule: 'compliance-number',
          severity: 'error',
          pointer: '/ResourceCategories/0/Policies/3/ComplianceNumber',
          says: ['repeats ComplianceNumber "1300.2"'],
        },
      ],
    },
    {
      name: 'dotted numbers that share no first segment are not flagged',
      input: value(changed(numbered(0, ['1.1', '2.1', '3.1', '4.1']))),
      expected: [],
    },
    {
      name: 'CCE ids are not dotted numbers and are not flagged',
      input: value(changed(numbered(1, ['CCE-37741-6', 'CCE-36316-8', 'CCE-36056-0']))),
      expected: [],
    },
    {
      name: 'a CCE id among dotted numbers is not flagged',
      input: value(changed(numbered(0, ['1300.1', '1300.2', 'CCE-37615-2', '1300.5']))),
      expected: [],
    },
    {
      name: 'CIS numbers of several levels (4.2.1.1) are not flagged',
      input: value(
        changed(
          (report) => (
            numbered(0, ['4.1', '4.2.1.1', '4.2.1.2', '4.10'])(report),
            numbered(1, ['5.1', '5.2.2.1', '5.3'])(report)
          ),
        ),
      ),
      expected: [],
    },
    {
      name: 'numbers out of numeric order are not flagged',
      input: value(changed(numbered(0, ['1300.10', '1300.2', '1300.7', '1300.1']))),
      expected: [],
    },
    {
      name: 'the same numbers in two benchmark reports of one document',
      input: value(envelope([baseReport(), changed((report) => (report.BenchmarkId = 'CSBP_V2'))])),
      expected: [],
    },
  ],
  'duplicate-policy-id': [
    {
      name: 'one check listed in two categories',
      input: value(changed((report) => (policyOf(report, 1, 1).PolicyId = 'StorageSecureTransfer'))),
      expected: [
        {
          rule: 'duplicate-policy-id',
          severity: 'error',
          pointer: '/ResourceCategories/1/Policies/1/PolicyId',
          says: [
            'policy 1900.2',
            'in category "Azure - Networking" repeats PolicyId "StorageSecureTransfer" of policy 1300.1',
            'in category "Azure - Storage Accounts"',
          ],
        },
      ],
    },
    { name: 'unique policy ids', input: value(baseReport()), expected: [] },
    {
      name: 'the same policy ids in two benchmark reports of one document',
      input: value([baseReport(), changed((report) => (report.BenchmarkId = 'AZFDCIS1_3_0'))]),
      expected: [],
    },
  ],
  'account-kind': [
    {
      name: 'an AWS account without its AWS account id',
      input: value(changed((report) => Object.assign(report, awsAccount, { AWSAccountId: null }))),
      expected: [
        {
          rule: 'account-kind',
          severity: 'error',
          pointer: '/AWSAccountId',
          says: ['benchmark CSBP of account "Northwind Traders - prod" is an AWS account but its AWSAccountId is null'],
        },
      ],
    },
    {
      name: 'an AWS account with a blank AWS account id',
      input: value(changed((report) => Object.assign(report, awsAccount, { AWSAccountId: '  ' }))),
      expected: [{ rule: 'account-kind', severity: 'error', pointer: '/AWSAccountId' }],
    },
    {
      name: 'an Azure account that carries an AWS account id',
      input: value(changed((report) => (report.AWSAccountId = '481267350912'))),
      expected: [
        {
          rule: 'account-kind',
          severity: 'error',
          pointer: '/AWSAccountId',
          says: ['has ConnectorType "Azure", not AWS, but carries AWSAccountId "481267350912"'],
        },
      ],
    },
    {
      name: 'an AWS account with its 12-digit id',
      input: value(changed((report) => Object.assign(report, awsAccount, { AWSAccountId: '481267350912' }))),
      expected: [],
    },
    {
      name: 'an Office365 account with an empty SubscriptionId',
      input: value(
        changed((report) =>
          Object.assign(report, { ConnectorType: 'Office365', SubscriptionId: '', AWSAccountId: null }),
        ),
      ),
      expected: [],
    },
  ],
};
