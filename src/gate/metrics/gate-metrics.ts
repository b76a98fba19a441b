import type { GateMetric } from '../gate-metric.js';
import { amberPolicies } from './amber-policies.js';
import { assessedPercent } from './assessed-percent.js';
import { compliancePercent } from './compliance-percent.js';
import { failingPolicies } from './failing-policies.js';
import { findings } from './findings.js';
import { policy } from './policy.js';
import { redPolicies } from './red-policies.js';
import { regressions } from './regressions.js';
import { compliancePercentDrop } from './compliance-percent-drop.js';
import { acceptedPolicies } from './accepted-policies.js';
import { expiredExceptions, expiringExceptions, unusedExceptions } from './exception-states.js';

/**
 * Every gate metric by the name a rules file gives it: a new metric is a file beside
 * this one and a line here. The schema's enum of metrics is written from this registry
 * (npm run generate:validators), and a test fails while it is stale. The names and the
 * test for one are derived in ../metric-names.ts: this module holds the registry alone,
 * so that the registry is the one line a new metric touches.
 */
export const gateMetrics = {
  compliancePercent,
  assessedPercent,
  redPolicies,
  amberPolicies,
  failingPolicies,
  policy,
  findings,
  regressions,
  compliancePercentDrop,
  acceptedPolicies,
  expiredExceptions,
  unusedExceptions,
  expiringExceptions,
} as const satisfies Record<string, GateMetric>;
