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

/**
 * Every gate metric by the name a rules file gives it: a new metric is a file beside
 * this one and a line here. The schema's enum of metrics is written from this registry
 * (npm run generate:validators), and a test fails while it is stale.
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
} as const satisfies Record<string, GateMetric>;

/** The name of one gate metric. */
export type GateMetricName = keyof typeof gateMetrics;

/** Every metric name, in the order the README lists them. */
export const gateMetricNames = Object.keys(gateMetrics) as GateMetricName[];

/** True when `name` is a metric of the registry. */
export function isGateMetricName(name: string): name is GateMetricName {
  return Object.hasOwn(gateMetrics, name);
}
