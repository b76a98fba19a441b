import { oneDecimal } from '../text/one-decimal.js';
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
  return (
    (assertion.min === undefined || value >= assertion.min) && (assertion.max === undefined || value <= assertion.max)
  );
}

/**
 * A measured value as messages print it, with the metric's unit: counts as they are,
 * percents and points to one decimal as every output rounds them (oneDecimal). When
 * rounding makes a value read as a bound it is not (1.98 points as 2.0 against `max:
 * 2`, or 79.96% as 80.0% against `min: 80`), the value follows to two decimals more,
 * so that the message shows why it passed or failed.
 */
export function valueText(
  value: number | string,
  metric: GateMetric,
  assertion?: Pick<GateAssertion, 'min' | 'max'>,
): string {
  if (typeof value === 'string') return value;
  // A count has no unit; a percent or points read the same whole or not (34.0%).
  if (metric.unit === '' && Number.isInteger(value)) return String(value);
  const text = oneDecimal(value);
  const bounds = [assertion?.min, assertion?.max].filter((bound): bound is number => bound !== undefined);
  const hidden = bounds.some((bound) => Number(text) === bound && value !== bound);
  return `${text}${metric.unit}${hidden ? ` (${Number(value.toFixed(3))})` : ''}`;
}
