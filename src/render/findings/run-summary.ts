import type { Analysis } from '../../model/analysis.js';
import type { GateResult } from '../../model/gate.js';
import { displayCount } from '../../text/display-count.js';
import { plural } from '../../text/plural.js';

/** `3 findings (2 errors, 1 warning) in 2 files, 2 valid reports, 10 policies`, as the text format words it. */
export function describeRun(analysis: Analysis): string {
  const { files, reports, policies, errors, warnings } = analysis.summary;
  const scope = `${plural(files, 'file')}, ${plural(reports, 'valid report')}, ${plural(policies, 'policy', 'policies')}`;
  if (errors + warnings === 0) return `no findings in ${scope}`;
  return `${plural(errors + warnings, 'finding')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) in ${scope}`;
}

/** Failed assertions of a gate by level, counted in one pass. */
export interface GateCounts {
  total: number;
  failedErrors: number;
  failedWarnings: number;
}

/** Counts the assertion results of a gate and its failures per level. */
export function countGate(gate: GateResult): GateCounts {
  let failedErrors = 0;
  let failedWarnings = 0;
  for (const assertion of gate.assertions) {
    if (assertion.passed) continue;
    if (assertion.level === 'error') failedErrors += 1;
    else failedWarnings += 1;
  }
  return { total: gate.assertions.length, failedErrors, failedWarnings };
}

/** `gate fail: 2 of 5 assertions failed (1 error, 1 warn)`. */
export function describeGate(gate: GateResult): string {
  const { total, failedErrors, failedWarnings } = countGate(gate);
  const failed = failedErrors + failedWarnings;
  const levels = failed === 0 ? '' : ` (${displayLevels(failedErrors, failedWarnings)})`;
  return `gate ${gate.status}: ${displayCount(failed)} of ${plural(total, 'assertion')} failed${levels}`;
}

function displayLevels(errors: number, warnings: number): string {
  return `${plural(errors, 'error')}, ${plural(warnings, 'warn', 'warn')}`;
}
