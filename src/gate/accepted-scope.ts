import type { ExceptionMatch, ExceptionOutcome } from '../model/exceptions.js';
import { sameRank } from '../model/observed-values.js';
import { reportKey } from './report-key.js';
import type { ScopedReport } from './gate-metric.js';

/** The policies accepted by the run's exceptions, by the report they are in (see reportKey). */
export type AcceptedByReport = ReadonlyMap<string, readonly ExceptionMatch[]>;

/** The pointer of the report that holds a policy (`/0` of `/0/ResourceCategories/1/Policies/2`). */
function reportPointerOf(policyPointer: string): string {
  return policyPointer.slice(0, policyPointer.lastIndexOf('/ResourceCategories/'));
}

/** The pointer of the category that holds a policy. */
export function categoryPointerOf(policyPointer: string): string {
  return policyPointer.slice(0, policyPointer.lastIndexOf('/Policies/'));
}

/**
 * The accepted policies of the run by report, each policy once however many exceptions
 * accept it. Only exceptions in force accept (active or expiring): an expired one's
 * policies count as failing again.
 */
export function indexAccepted(outcomes: readonly ExceptionOutcome[] | undefined): AcceptedByReport {
  const byReport = new Map<string, ExceptionMatch[]>();
  const seen = new Set<string>();
  for (const outcome of outcomes ?? []) {
    for (const match of outcome.accepted) {
      const key = `${match.source}\u0000${match.pointer}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const report = reportKey(match.source, reportPointerOf(match.pointer));
      const list = byReport.get(report);
      if (list === undefined) byReport.set(report, [match]);
      else list.push(match);
    }
  }
  return byReport;
}

/**
 * The colour count an accepted policy would be in: Amber, or Red, which stands for every
 * other colour the service may add too, as countColours counts them. Only failing
 * policies are accepted (judgeExceptions), so Green and Gray never come here.
 */
function colourOf(compliance: string): 'Red' | 'Amber' {
  return compliance === 'Amber' ? 'Amber' : 'Red';
}

/**
 * The accepted policies in scope whose colour is one of `colours`, of one Severity when
 * given: what the colour counts of a gate leave out.
 */
export function countAccepted(
  reports: readonly ScopedReport[],
  colours: readonly ('Red' | 'Amber')[],
  severity: string | undefined,
): number {
  let count = 0;
  for (const scoped of reports) {
    for (const match of scoped.accepted ?? []) {
      if (!colours.includes(colourOf(match.compliance))) continue;
      if (severity === undefined || sameRank(match.severity, severity)) count += 1;
    }
  }
  return count;
}
