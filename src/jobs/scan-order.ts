import { scanOrderProblems } from '../model/fail-closed.js';
import { CspmError } from '../error/cspm-error.js';
import type { DiffResult } from '../model/diff.js';

/**
 * Refuses a comparison of scans in the wrong order, or of a scan with itself: either
 * would read as "nothing got worse" when nothing was compared. With `allow` the
 * comparison stands (the caller asked for it).
 *
 * @throws CspmError `scans-reversed` or `scans-identical` naming both scans
 */
export function assertScansInOrder(diff: DiffResult, allow: boolean): void {
  if (allow) return;
  const [problem] = scanOrderProblems(diff);
  if (problem === undefined) return;
  const { old, new: next } = problem.report;
  const data = {
    old: { source: old.source, jobId: old.jobId, scanDate: old.scanDate },
    new: { source: next.source, jobId: next.jobId, scanDate: next.scanDate },
  };
  throw new CspmError(problem.kind === 'reversed' ? 'scans-reversed' : 'scans-identical', problem.message, { data });
}
