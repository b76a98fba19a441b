/**
 * How a job ends, for the library user and the CLI alike: the CLI's exit code is
 * `exitCode`, and every output states the same verdict.
 */
export interface Verdict {
  /** `fail` when anything at or above the job's thresholds was found, or nothing could be judged. */
  status: 'pass' | 'fail';
  /**
   * The exit code of the command line: 0 pass; 1 findings at or above the threshold, or
   * inputs that cannot be trusted (a report that does not check, no valid report); 3 a
   * gate or a regression threshold failed on inputs that check.
   */
  exitCode: 0 | 1 | 3;
  /** Why, one sentence each, the deciding one first; empty for a pass with nothing to say. */
  reasons: string[];
}
