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

/**
 * True when every coded field of a policy holds an observed value. Comparisons, not
 * set lookups: this runs for every policy, and a string compare of a handful of short
 * values is about twice as fast.
 */
export function hasObservedValues(policy: { Compliance: string; Severity: string; RiskProbability: string; RiskLevel: string }): boolean {
  const { Compliance: compliance, Severity: severity, RiskProbability: probability, RiskLevel: level } = policy;
  return (
    (compliance === 'Green' || compliance === 'Red' || compliance === 'Amber' || compliance === 'Gray') &&
    (severity === 'Critical' || severity === 'High' || severity === 'Moderate' || severity === 'Low' || severity === 'VeryLow') &&
    (probability === 'Certain' || probability === 'High' || probability === 'Moderate' || probability === 'NotLikely' || probability === ' ') &&
    (level === 'Red' || level === 'Amber' || level === 'Green' || level === '')
  );
}
