import type { DiffResult, PolicyChange, UnpairedReport } from '../../../model/diff.js';
import { plural } from '../../../text/plural.js';
import { daysLeftText } from '../accepted-risks.js';

/**
 * What an exception made of a change, in words, as every diff output states it; undefined
 * when none did (a diff without exceptions reads as it did).
 */
export function acceptanceText(change: PolicyChange): string | undefined {
  const { accepted, noLongerAccepted: lapsed } = change;
  if (accepted !== undefined)
    return `accepted: ${accepted.id} (${accepted.owner}, expires ${accepted.expires}, ${daysLeftText(accepted.daysLeft)}): ${accepted.reason}; not counted as a regression`;
  if (lapsed === undefined) return undefined;
  return lapsed.expired
    ? `no longer accepted: ${lapsed.id} expired ${lapsed.expires} (owner ${lapsed.owner}) since the old scan: it fails again`
    : `no longer accepted: ${lapsed.id} (expires ${lapsed.expires}, owner ${lapsed.owner}) no longer covers it: it fails again`;
}

/** The failing policies of a report only the new scan has that it accepts. */
export function acceptedCount(report: UnpairedReport): number {
  return (report.accepted ?? []).reduce((sum, { count }) => sum + count, 0);
}

/**
 * The changes exceptions marked, counted: `2 accepted (listed, not counted as regressions),
 * 1 no longer accepted`; undefined when there are none.
 */
export function acceptanceCountsText(diff: DiffResult): string | undefined {
  let accepted = diff.unpaired.reduce((sum, report) => sum + acceptedCount(report), 0);
  let lapsed = 0;
  for (const report of diff.reports)
    for (const change of report.changes) {
      if (change.accepted !== undefined) accepted += 1;
      if (change.noLongerAccepted !== undefined) lapsed += 1;
    }
  if (accepted === 0 && lapsed === 0) return undefined;
  const parts = [
    accepted > 0
      ? `${plural(accepted, 'failing policy', 'failing policies')} accepted (listed, not counted as regressions)`
      : '',
    lapsed > 0 ? `${plural(lapsed, 'policy', 'policies')} no longer accepted (counted as regressions)` : '',
  ];
  return parts.filter((part) => part !== '').join('; ');
}
