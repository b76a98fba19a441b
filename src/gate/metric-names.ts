import { gateMetrics } from './metrics/gate-metrics.js';

/** The name of one gate metric: a key of the registry. */
export type GateMetricName = keyof typeof gateMetrics;

/** Every metric name, in the registry's order (the order the documentation lists them). */
export const gateMetricNames = Object.keys(gateMetrics) as GateMetricName[];

/** True when `name` is a metric of the registry. */
export function isGateMetricName(name: string): name is GateMetricName {
  return Object.hasOwn(gateMetrics, name);
}
