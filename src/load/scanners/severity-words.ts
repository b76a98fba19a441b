/**
 * The severity words of other scanners (OCSF, ASFF, Prowler) and the service's Severity
 * each is read as. Informational is the lowest the service has, VeryLow; OCSF's Fatal is
 * above Critical, so it is Critical.
 */
const severityWords: Readonly<Record<string, string>> = {
  fatal: 'Critical',
  critical: 'Critical',
  high: 'High',
  medium: 'Moderate',
  moderate: 'Moderate',
  low: 'Low',
  informational: 'VeryLow',
  info: 'VeryLow',
};

/**
 * The service's Severity for a scanner's word, or the word as given when it is none of
 * them: the analysis then flags it (unknown-value) and ranks it as Critical, so that an
 * unknown severity never lets a gate pass.
 */
export function severityOf(word: unknown): string {
  if (typeof word !== 'string') return String(word);
  return severityWords[word.trim().toLowerCase()] ?? word;
}

/**
 * The Severity of an HDF impact (0 to 1), in the SAF CLI's bands: 0.9 and above is
 * critical, 0.7 high, 0.4 medium, 0.1 low, below it none (informational).
 */
export function severityOfImpact(impact: number): string {
  if (impact >= 0.9) return 'Critical';
  if (impact >= 0.7) return 'High';
  if (impact >= 0.4) return 'Moderate';
  if (impact >= 0.1) return 'Low';
  return 'VeryLow';
}
