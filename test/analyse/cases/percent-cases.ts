import { baseReport, categoryOf, changed, withoutPosture } from '../support/base-report.js';
import { computeCategory } from '../support/compute-category.js';
import { value, type RuleTables } from '../support/rule-cases.js';

/** The base report plus the published sample's Compute category stating `percent`. */
function withCompute(percent: number): unknown {
  return changed((report) => withoutPosture(report).ResourceCategories.push(computeCategory(percent)));
}

/** Rules about CompliancePercent and the benchmark-level Posture. */
export const percentTables: RuleTables = {
  'compliance-percent': [
    {
      name: '15.3846159, as the service printed 2 Green of 23 with 10 Gray, is within the tolerance',
      input: value(withCompute(15.3846159)),
      expected: [],
    },
    {
      name: '15.39 for 2 Green of 23 with 10 Gray is not',
      input: value(withCompute(15.39)),
      expected: [
        {
          rule: 'compliance-percent',
          severity: 'warning',
          pointer: '/ResourceCategories/2/CompliancePercent',
          says: [
            'category "Azure - Compute (IaaS)" states CompliancePercent 15.39',
            'Green / (Total − Gray) × 100 gives 15.384615',
            'fits none of the known formulas',
          ],
        },
      ],
    },
    {
      name: 'a percent of all policies, Gray included, names the formula it fits',
      input: value(changed((report) => (categoryOf(report, 0).CompliancePercent = 25.0))),
      expected: [
        {
          rule: 'compliance-percent',
          severity: 'warning',
          pointer: '/ResourceCategories/0/CompliancePercent',
          says: ['gives 33.333333', 'the stated value fits green-of-total'],
        },
      ],
    },
    {
      name: 'pinning green-of-total checks every percent, Posture included, by that formula',
      input: value(baseReport()),
      options: { percentFormula: 'green-of-total' },
      expected: [
        {
          rule: 'compliance-percent',
          severity: 'warning',
          pointer: '/ResourceCategories/0/CompliancePercent',
          says: ['Green / Total × 100 gives 25', 'the stated value fits green-of-assessed'],
        },
        {
          rule: 'compliance-percent',
          severity: 'warning',
          pointer: '/ResourceCategories/1/CompliancePercent',
          says: ['Green / Total × 100 gives 33.333333'],
        },
        {
          rule: 'posture-total',
          severity: 'error',
          pointer: '/Posture/CompliancePercent',
          says: ['Green / Total × 100 gives 28.571429'],
        },
      ],
    },
    {
      name: 'values of green-of-total pass once that formula is pinned',
      input: value(
        changed((report) => {
          categoryOf(report, 0).CompliancePercent = 25.0;
          categoryOf(report, 1).CompliancePercent = 33.33333;
          report.Posture!.CompliancePercent = 28.57143;
        }),
      ),
      options: { percentFormula: 'green-of-total' },
      expected: [],
    },
    {
      name: 'a category where nothing was assessed states 0.0',
      input: value(
        changed((report) => {
          withoutPosture(report);
          const category = categoryOf(report, 1);
          category.Policies.splice(0, 2);
          Object.assign(category, { Total: 1, Green: 0, Amber: 0, Gray: 1, CompliancePercent: 0.0 });
        }),
      ),
      expected: [],
    },
  ],
  'posture-total': [
    {
      name: 'a Posture that counts one Gray policy too many',
      input: value(changed((report) => Object.assign(report.Posture!, { Total: 8, Gray: 3 }))),
      expected: [
        {
          rule: 'posture-total',
          severity: 'error',
          pointer: '/Posture/Total',
          says: [
            'Posture of benchmark CSBP of account "Contoso Production" states Total 8, but its 2 categories add up to 7',
          ],
        },
        {
          rule: 'posture-total',
          severity: 'error',
          pointer: '/Posture/Gray',
          says: ['states Gray 3, but its 2 categories add up to 2'],
        },
      ],
    },
    {
      name: 'a Posture percent of all policies',
      input: value(changed((report) => (report.Posture!.CompliancePercent = 28.5714283))),
      expected: [
        {
          rule: 'posture-total',
          severity: 'error',
          pointer: '/Posture/CompliancePercent',
          says: ['the stated value fits green-of-total'],
        },
      ],
    },
    { name: 'a Posture that sums its categories', input: value(baseReport()), expected: [] },
    {
      name: 'no Posture, no finding: the field is not in the specification',
      input: value(changed((report) => withoutPosture(report))),
      expected: [],
    },
  ],
};
