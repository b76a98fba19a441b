/**
 * The values the specification lists as observed (section 2.3). The sets are not known
 * to be complete, so a value outside them is a warning, never a schema error.
 */
export const observedValues = {
  Compliance: ['Green', 'Red', 'Amber', 'Gray'],
  Severity: ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'],
  RiskProbability: ['Certain', 'High', 'Moderate', 'NotLikely', ' '],
  RiskLevel: ['Red', 'Amber', 'Green', ''],
  ConnectorType: ['AWS', 'Azure', 'Office365'],
} as const;

/** Severities from the worst down, the order used by every summary. */
export const severityOrder: readonly string[] = observedValues.Severity;

/** True when `value` is one of the observed values of `field`. */
export function isObserved(field: keyof typeof observedValues, value: string): boolean {
  return (observedValues[field] as readonly string[]).includes(value);
}
