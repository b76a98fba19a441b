import type { Finding } from '../../model/finding.js';
import type { ScannerInfo } from '../../model/scan-result.js';
import type { PolicyTally } from './policy-tally.js';

/**
 * One finding per policy with muted results: the scanner was told to stop reporting
 * them, an accepted risk that names no owner and no expiry. They are counted as not
 * passed, and the finding says how to govern them: an exceptions file, into which
 * `exceptions import` reads a Prowler mutelist.
 */
export function mutedFindings(tallies: readonly PolicyTally[], info: ScannerInfo): Finding[] {
  const findings: Finding[] = [];
  for (const tally of tallies) {
    if (tally.muted === 0) continue;
    findings.push({
      rule: 'muted-result',
      severity: 'warning',
      pointer: tally.mutedPointer ?? '',
      message: `${tally.muted} ${tally.muted === 1 ? 'result' : 'results'} of ${tally.id} ${tally.muted === 1 ? 'was' : 'were'} muted in ${info.tool}: an accepted risk with no owner and no expiry, counted as not passed; record it in an exceptions file with an owner and an expiry (cspm-report exceptions import reads a Prowler mutelist)`,
      expected: 'an exception with an owner and an expiry',
      actual: `${tally.muted} muted`,
    });
  }
  return findings;
}
