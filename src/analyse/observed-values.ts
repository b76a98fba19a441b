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

/** The observed values as sets, for checks that run on every policy. */
export const observedSets = {
  Compliance: new Set<string>(observedValues.Compliance),
  Severity: new Set<string>(observedValues.Severity),
  RiskProbability: new Set<string>(observedValues.RiskProbability),
  RiskLevel: new Set<string>(observedValues.RiskLevel),
  ConnectorType: new Set<string>(observedValues.ConnectorType),
} as const satisfies Record<keyof typeof observedValues, ReadonlySet<string>>;

/** True when `value` is one of the observed values of `field`. */
export function isObserved(field: keyof typeof observedValues, value: string): boolean {
  return observedSets[field].has(value);
}
