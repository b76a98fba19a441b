/**
 * The values the specification lists as observed (section 2.3): the one registry of the
 * coded fields. The sets are not known to be complete, so a value outside them is a
 * warning, never a schema error; a value that differs from one of them only in letter
 * case or surrounding spaces is read as that value (see fold-coded-values.ts).
 */
export const observedValues = {
  Compliance: ['Green', 'Red', 'Amber', 'Gray'],
  Severity: ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'],
  RiskProbability: ['Certain', 'High', 'Moderate', 'NotLikely', ' '],
  RiskLevel: ['Red', 'Amber', 'Green', ''],
  /**
   * The service's three, then the providers of the other scanners read as inputs
   * (load/scanners/providers.ts names each in these spellings).
   */
  ConnectorType: [
    'AWS',
    'Azure',
    'Office365',
    'GCP',
    'Kubernetes',
    'GitHub',
    'OCI',
    'AlibabaCloud',
    'MongoDBAtlas',
    'IaC',
    'NHN',
    'Host',
    'Other',
  ],
} as const;

/** A field whose values come from a small set: Compliance, Severity, RiskProbability, RiskLevel, ConnectorType. */
export type CodedField = keyof typeof observedValues;

/** Severities from the worst down, the order used by every summary. */
export const severityOrder: readonly string[] = observedValues.Severity;

/**
 * Position of a Severity, Critical (0) first. A Severity outside the observed set (after
 * folding its spelling at load) ranks as Critical: a value nobody knows could be the
 * worst, and a gate that let it pass would fail open.
 */
export function severityRank(severity: string): number {
  const rank = severityOrder.indexOf(severity);
  return rank === -1 ? 0 : rank;
}

/** True when `severity` is at or above `threshold` (an unknown severity is at or above every one). */
export function isAtLeast(severity: string, threshold: string): boolean {
  return severityRank(severity) <= severityRank(threshold);
}

/** True when two severities rank alike: the same one, or Critical and an unknown one. */
export function sameRank(severity: string, other: string): boolean {
  return severityRank(severity) === severityRank(other);
}

/** The observed values as sets, for checks that run on every policy. */
export const observedSets = {
  Compliance: new Set<string>(observedValues.Compliance),
  Severity: new Set<string>(observedValues.Severity),
  RiskProbability: new Set<string>(observedValues.RiskProbability),
  RiskLevel: new Set<string>(observedValues.RiskLevel),
  ConnectorType: new Set<string>(observedValues.ConnectorType),
} as const satisfies Record<CodedField, ReadonlySet<string>>;

/** True when `value` is one of the observed values of `field`. */
export function isObserved(field: CodedField, value: string): boolean {
  return observedSets[field].has(value);
}

/** Each field's observed values by their folded key (lower case, no surrounding spaces). */
const byFoldedKey = Object.fromEntries(
  Object.entries(observedValues).map(([field, values]) => [
    field,
    new Map<string, string>(values.map((value: string) => [foldKey(value), value])),
  ]),
) as unknown as Record<CodedField, ReadonlyMap<string, string>>;

function foldKey(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * The observed spelling of `value` when it differs from one only in letter case or
 * surrounding spaces (`" critical"` is `Critical`), else undefined: the value is then
 * observed already, or unknown. Blank values are not folded: the single space of
 * RiskProbability and the empty RiskLevel of a policy that checked nothing are
 * policy-gray-risk's to judge, spelled exactly.
 */
export function foldValue(field: CodedField, value: string): string | undefined {
  if (observedSets[field].has(value)) return undefined;
  const key = foldKey(value);
  return key === '' ? undefined : byFoldedKey[field].get(key);
}

/**
 * True when every coded field of a policy holds an observed value. Comparisons, not
 * set lookups: this runs for every policy, and a string compare of a handful of short
 * values is about twice as fast.
 */
export function hasObservedValues(policy: {
  Compliance: string;
  Severity: string;
  RiskProbability: string;
  RiskLevel: string;
}): boolean {
  const { Compliance: compliance, Severity: severity, RiskProbability: probability, RiskLevel: level } = policy;
  return (
    (compliance === 'Green' || compliance === 'Red' || compliance === 'Amber' || compliance === 'Gray') &&
    (severity === 'Critical' ||
      severity === 'High' ||
      severity === 'Moderate' ||
      severity === 'Low' ||
      severity === 'VeryLow') &&
    (probability === 'Certain' ||
      probability === 'High' ||
      probability === 'Moderate' ||
      probability === 'NotLikely' ||
      probability === ' ') &&
    (level === 'Red' || level === 'Amber' || level === 'Green' || level === '')
  );
}
