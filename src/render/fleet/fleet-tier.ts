import type { Analysis } from '../../model/analysis.js';
import type { RenderTier } from '../../model/renderer.js';

/**
 * Above this many distinct AccountIds a document is a fleet document unless a tier is
 * given: past a few dozen accounts, one section per report stops being read, and past
 * a few thousand it can no longer be made (a page longer than a string can be, a sheet
 * longer than Excel opens).
 */
export const fleetAccountThreshold = 20;

/** The distinct AccountIds of an analysis's reports. */
export function countAccounts(analysis: Analysis): number {
  const ids = new Set<string>();
  for (const source of analysis.sources) for (const { report } of source.reports) ids.add(report.AccountId);
  return ids.size;
}

/**
 * The tier of a document of `analysis`: `given` when there is one, else fleet above {@link fleetAccountThreshold}
 * accounts, else full.
 */
export function tierOf(analysis: Analysis, given: RenderTier | undefined): RenderTier {
  return given ?? (countAccounts(analysis) > fleetAccountThreshold ? 'fleet' : 'full');
}
