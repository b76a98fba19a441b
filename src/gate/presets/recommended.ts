import type { RulesFileAssertion } from '../rules-file.js';

/** `cspm:recommended`: a floor most accounts can hold, with no Critical Red policy and no exception past its expiry. */
export const recommended: readonly RulesFileAssertion[] = [
  { name: 'overall compliance', level: 'error', metric: 'compliancePercent', min: 70 },
  { name: 'no critical red', level: 'error', metric: 'redPolicies', severity: 'Critical', max: 0 },
  { name: 'no high red', level: 'warn', metric: 'redPolicies', severity: 'High', max: 0 },
  { name: 'assessed policies', level: 'warn', metric: 'assessedPercent', min: 75 },
  { name: 'no expired exception', level: 'error', metric: 'expiredExceptions', max: 0 },
];
