import type { RulesFileAssertion } from '../rules-file.js';

/**
 * `cspm:strict`: for accounts that keep a high bar, where nothing critical or high may fail, nor be accepted as a risk
 * when Critical.
 */
export const strict: readonly RulesFileAssertion[] = [
  { name: 'overall compliance', level: 'error', metric: 'compliancePercent', min: 90 },
  { name: 'no critical failing', level: 'error', metric: 'failingPolicies', severity: 'Critical', max: 0 },
  { name: 'no high failing', level: 'error', metric: 'failingPolicies', severity: 'High', max: 0 },
  { name: 'assessed policies', level: 'error', metric: 'assessedPercent', min: 90 },
  { name: 'no check warnings', level: 'warn', metric: 'findings', severity: 'warning', max: 0 },
  { name: 'no expired exception', level: 'error', metric: 'expiredExceptions', max: 0 },
  { name: 'no unused exception', level: 'error', metric: 'unusedExceptions', max: 0 },
  { name: 'no accepted critical', level: 'error', metric: 'acceptedPolicies', severity: 'Critical', max: 0 },
];
