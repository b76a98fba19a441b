/** A severity word of HDF, spelled as inspecjs, Heimdall and the SAF CLI compare it. */
export type HdfSeverity = 'none' | 'low' | 'medium' | 'high' | 'critical';

/** How the HDF tools are to rate a policy: its impact and the severity word of that impact. */
export interface HdfRating {
  impact: number;
  severity: HdfSeverity;
}

/**
 * The rating of each CSPM Severity, keyed lowercase. inspecjs derives the severity from
 * the impact in bands (below 0.1 none, 0.4 low, 0.7 medium, 0.9 high, else critical)
 * and the SAF CLI counts by one or the other depending on its version: each impact here
 * lies inside the band of its word, so both read the same. VeryLow is low, at the
 * bottom of its band: HDF has nothing below low but none, which its tools keep for
 * controls with no impact (the SAF CLI has no `failed.none`), so a failing VeryLow
 * policy rated none would fall out of every failed count.
 */
const ratings: ReadonlyMap<string, HdfRating> = new Map<string, HdfRating>([
  ['critical', { impact: 1, severity: 'critical' }],
  ['high', { impact: 0.7, severity: 'high' }],
  ['moderate', { impact: 0.5, severity: 'medium' }],
  ['low', { impact: 0.3, severity: 'low' }],
  ['verylow', { impact: 0.1, severity: 'low' }],
]);

/** An unknown severity is rated as the worst, so that a misspelt one fails closed. */
const unknownRating: HdfRating = { impact: 1, severity: 'critical' };

/** A policy the scan did not assess (Gray): HDF's not applicable has no impact. */
export const notAssessedRating: HdfRating = { impact: 0, severity: 'none' };

/**
 * The HDF rating of a CSPM Severity, compared without case and surrounding spaces
 * (`critical`, ` CRITICAL`); a value not known is critical.
 */
export function hdfRatingOf(severity: string): HdfRating {
  return ratings.get(severity.trim().toLowerCase()) ?? unknownRating;
}
