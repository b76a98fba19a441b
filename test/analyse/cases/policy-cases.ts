import { baseReport, categoryOf, changed, policyOf } from '../support/base-report.js';
import { value, type RuleTables } from '../support/rule-cases.js';

/** Rules about single policies. */
export const policyTables: RuleTables = {
  'policy-compliance': [
    {
      name: 'a partly passed policy reported Green',
      input: value(
        changed((report) => {
          Object.assign(policyOf(report, 0, 2), {
            Compliance: 'Green',
            RiskProbability: 'NotLikely',
            RiskLevel: 'Green',
          });
          Object.assign(categoryOf(report, 0), { Green: 2, Amber: 0, CompliancePercent: 66.66667 });
          Object.assign(report.Posture!, { Green: 3, Amber: 1, CompliancePercent: 60.0 });
        }),
      ),
      expected: [
        {
          rule: 'policy-compliance',
          severity: 'error',
          pointer: '/ResourceCategories/0/Policies/2/Compliance',
          says: [
            'policy 1300.3',
            '(StorageDefaultNetworkDeny)',
            'in category "Azure - Storage Accounts"',
            'is "Green" but 1 of 4 resources passed, which makes it Amber',
          ],
        },
      ],
    },
    {
      name: 'a Gray policy that checked resources',
      input: value(changed((report) => (policyOf(report, 1, 2).TotalResourceCount = 2))),
      expected: [
        {
          rule: 'policy-compliance',
          severity: 'error',
          pointer: '/ResourceCategories/1/Policies/2/Compliance',
          says: ['0 of 2 resources passed, which makes it Red'],
        },
      ],
    },
    {
      name: 'a Red policy that checked nothing',
      input: value(
        changed((report) =>
          Object.assign(policyOf(report, 0, 1), { TotalResourceCount: 0, RiskProbability: ' ', RiskLevel: '' }),
        ),
      ),
      expected: [
        {
          rule: 'policy-compliance',
          severity: 'error',
          pointer: '/ResourceCategories/0/Policies/1/Compliance',
          says: ['which makes it Gray'],
        },
      ],
    },
    {
      name: 'counts that contradict each other are left to policy-counts',
      input: value(changed((report) => (policyOf(report, 0, 0).PassedResourceCount = 5))),
      expected: [
        { rule: 'policy-counts', severity: 'error', pointer: '/ResourceCategories/0/Policies/0/PassedResourceCount' },
      ],
    },
    { name: 'colours that follow from the counts', input: value(baseReport()), expected: [] },
  ],
  'policy-gray-risk': [
    {
      name: 'a Gray policy that still carries a risk',
      input: value(
        changed((report) =>
          Object.assign(policyOf(report, 0, 3), { RiskProbability: 'NotLikely', RiskLevel: 'Green' }),
        ),
      ),
      expected: [
        {
          rule: 'policy-gray-risk',
          severity: 'error',
          pointer: '/ResourceCategories/0/Policies/3/RiskProbability',
          says: [
            'policy 1300.5',
            '(DataLakeStoreEncryption) in category "Azure - Storage Accounts" is Gray but has RiskProbability "NotLikely" instead of " "',
          ],
        },
        {
          rule: 'policy-gray-risk',
          severity: 'error',
          pointer: '/ResourceCategories/0/Policies/3/RiskLevel',
          says: ['has RiskLevel "Green" instead of ""'],
        },
      ],
    },
    {
      name: 'a policy that checked nothing but is not Gray',
      input: value(changed((report) => (policyOf(report, 0, 1).TotalResourceCount = 0))),
      expected: [
        { rule: 'policy-compliance', severity: 'error', pointer: '/ResourceCategories/0/Policies/1/Compliance' },
        {
          rule: 'policy-gray-risk',
          severity: 'error',
          pointer: '/ResourceCategories/0/Policies/1/RiskProbability',
          says: ['checked no resource but has RiskProbability "Certain"'],
        },
        { rule: 'policy-gray-risk', severity: 'error', pointer: '/ResourceCategories/0/Policies/1/RiskLevel' },
      ],
    },
    {
      name: 'an empty RiskProbability instead of a single space (one finding, not an unknown-value too)',
      input: value(changed((report) => (policyOf(report, 1, 2).RiskProbability = ''))),
      expected: [
        { rule: 'policy-gray-risk', severity: 'error', pointer: '/ResourceCategories/1/Policies/2/RiskProbability' },
      ],
    },
    { name: 'Gray policies with " " and ""', input: value(baseReport()), expected: [] },
  ],
  'policy-counts': [
    {
      name: 'more resources passed than were checked',
      input: value(changed((report) => (policyOf(report, 1, 1).PassedResourceCount = 4))),
      expected: [
        {
          rule: 'policy-counts',
          severity: 'error',
          pointer: '/ResourceCategories/1/Policies/1/PassedResourceCount',
          says: [
            'policy 1900.2',
            '(NSGSshFromInternet) in category "Azure - Networking" has 4 resources passed out of only 3 checked',
          ],
        },
      ],
    },
    { name: 'every resource passed', input: value(baseReport()), expected: [] },
  ],
  'unknown-value': [
    {
      name: 'a severity the service is not known to use',
      input: value(changed((report) => (policyOf(report, 0, 1).Severity = 'Medium'))),
      expected: [
        {
          rule: 'unknown-value',
          severity: 'warning',
          pointer: '/ResourceCategories/0/Policies/1/Severity',
          says: [
            'Severity of policy 1300.2',
            'in category "Azure - Storage Accounts" is "Medium", not one of "Critical", "High", "Moderate", "Low", "VeryLow"',
          ],
        },
      ],
    },
    {
      name: 'an account kind the service is not known to scan',
      input: value(changed((report) => (report.ConnectorType = 'VMware'))),
      expected: [
        {
          rule: 'unknown-value',
          severity: 'warning',
          pointer: '/ConnectorType',
          says: ['ConnectorType of benchmark CSBP of account "Contoso Production" is "VMware"'],
        },
      ],
    },
    {
      name: 'a risk level in another vocabulary',
      input: value(changed((report) => (policyOf(report, 1, 1).RiskLevel = 'Yellow'))),
      expected: [{ rule: 'unknown-value', severity: 'warning', pointer: '/ResourceCategories/1/Policies/1/RiskLevel' }],
    },
    {
      name: 'VeryLow is an observed severity',
      input: value(changed((report) => (policyOf(report, 0, 3).Severity = 'VeryLow'))),
      expected: [],
    },
  ],
};
