import { baseReport, categoryOf, changed, policyOf, withoutPosture } from '../support/base-report.js';
import { value, type RuleTables } from '../support/rule-cases.js';

/** Rules about the stated counts and positions of categories. */
export const categoryTables: RuleTables = {
  'category-total': [
    {
      // The rule cannot fire alone: with Total equal to the policies held, the colour
      // counts can only fall short of it when a policy has a colour nobody counts.
      name: 'Total counts a policy whose Compliance is no colour',
      input: value(
        changed((report) => {
          withoutPosture(report);
          policyOf(report, 1, 2).Compliance = 'Error';
          categoryOf(report, 1).Gray = 0;
        }),
      ),
      expected: [
        {
          rule: 'category-total',
          severity: 'error',
          pointer: '/ResourceCategories/1/Total',
          says: ['category "Azure - Networking" states Total 3', 'Green + Red + Amber + Gray = 1 + 0 + 1 + 0 = 2'],
        },
        { rule: 'unknown-value', severity: 'warning', pointer: '/ResourceCategories/1/Policies/2/Compliance' },
      ],
    },
    {
      name: 'a Total one too high is also a wrong count of the policies held',
      input: value(changed((report) => (withoutPosture(report), (categoryOf(report, 0).Total = 5)))),
      expected: [
        { rule: 'category-total', severity: 'error', pointer: '/ResourceCategories/0/Total' },
        { rule: 'category-count', severity: 'error', pointer: '/ResourceCategories/0/Total' },
      ],
    },
    { name: 'colours that add up', input: value(baseReport()), expected: [] },
  ],
  'category-count': [
    {
      name: 'Green and Red stated differently from the policies, adding up all the same',
      input: value(
        changed((report) => {
          withoutPosture(report);
          Object.assign(categoryOf(report, 0), { Green: 2, Red: 0, CompliancePercent: 66.66667 });
        }),
      ),
      expected: [
        {
          rule: 'category-count',
          severity: 'error',
          pointer: '/ResourceCategories/0/Green',
          says: ['category "Azure - Storage Accounts" states Green 2 but holds 1 Green policy'],
        },
        {
          rule: 'category-count',
          severity: 'error',
          pointer: '/ResourceCategories/0/Red',
          says: ['states Red 0 but holds 1 Red policy'],
        },
      ],
    },
    {
      name: 'a policy dropped without updating the counts',
      input: value(changed((report) => categoryOf(report, 1).Policies.splice(1, 1))),
      expected: [
        {
          rule: 'category-count',
          severity: 'error',
          pointer: '/ResourceCategories/1/Total',
          says: ['category "Azure - Networking" states Total 3 but holds 2 policies'],
        },
        {
          rule: 'category-count',
          severity: 'error',
          pointer: '/ResourceCategories/1/Amber',
          says: ['states Amber 1 but holds 0 Amber policies'],
        },
      ],
    },
    { name: 'counts that match the policies', input: value(baseReport()), expected: [] },
  ],
  'category-order': [
    {
      name: 'categories listed in descending order',
      input: value(changed((report) => report.ResourceCategories.reverse())),
      expected: [
        {
          rule: 'category-order',
          severity: 'error',
          pointer: '/ResourceCategories/1/ControlCategoryOrder',
          says: [
            'category "Azure - Storage Accounts" (ControlCategoryOrder 1) is listed after category "Azure - Networking" (ControlCategoryOrder 2)',
          ],
        },
      ],
    },
    {
      name: 'a repeated position leaves a gap',
      input: value(changed((report) => (categoryOf(report, 1).ControlCategoryOrder = 1))),
      expected: [
        {
          rule: 'category-order',
          severity: 'error',
          pointer: '/ResourceCategories/1/ControlCategoryOrder',
          says: ['category "Azure - Networking" repeats ControlCategoryOrder 1 of category "Azure - Storage Accounts"'],
        },
        {
          rule: 'category-order',
          severity: 'error',
          pointer: '/ResourceCategories',
          says: ['no category has ControlCategoryOrder 2'],
        },
      ],
    },
    {
      name: 'positions counted from 0',
      input: value(
        changed((report) =>
          report.ResourceCategories.forEach((category, index) => (category.ControlCategoryOrder = index)),
        ),
      ),
      expected: [
        {
          rule: 'category-order',
          severity: 'error',
          pointer: '/ResourceCategories/0/ControlCategoryOrder',
          says: ['ControlCategoryOrder 0, outside 1..2'],
        },
        {
          rule: 'category-order',
          severity: 'error',
          pointer: '/ResourceCategories',
          says: ['no category has ControlCategoryOrder 2'],
        },
      ],
    },
    { name: 'positions 1..n in order', input: value(baseReport()), expected: [] },
  ],
};
