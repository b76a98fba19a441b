import { isUnknownColour } from '../analyse/colour-rank.js';
import type { GateAssertion } from '../model/gate-rules.js';
import type { GateMetric } from './gate-metric.js';

/** The bound of an assertion as a person reads it: `>= 80`, `<= 0`, `Green`, `not Red`. */
export function expectedText(assertion: GateAssertion, metric: GateMetric): string {
  if (metric.bound === 'colour') return assertion.mustBe ?? `not ${assertion.mustNotBe ?? ''}`;
  const parts: string[] = [];
  if (assertion.min !== undefined) parts.push(`>= ${assertion.min}`);
  if (assertion.max !== undefined) parts.push(`<= ${assertion.max}`);
  return parts.join(' and ');
}

/**
 * True when a measured value (never null here) keeps within the assertion's bound. A
 * colour outside the observed set keeps within none: it could be the one refused.
 */
export function withinBound(value: number | string, assertion: GateAssertion): boolean {
  if (typeof value === 'string') {
    if (isUnknownColour(value)) return false;
    if (assertion.mustBe !== undefined) return value === assertion.mustBe;
    return value !== assertion.mustNotBe;
  }
  return (assertion.min === undefined || value >= assertion.min) && (assertion.max === undefined || value <= assertion.max);
}

/** A measured value as messages print it: at most two decimals, with the metric's unit. */
export function valueText(value: number | string, metric: GateMetric): string {
  if (typeof value === 'string') return value;
  return `${Number.isInteger(value) ? value : Number(value.toFixed(2))}${metric.unit}`;
}
