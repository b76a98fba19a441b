import { jobStatusOutcomes, type JobStatus } from '../client/job-status.js';

export type { JobStatus };

/** The statuses of a scan job, from the one list the client reads them with. */
export const jobStatuses = Object.keys(jobStatusOutcomes) as JobStatus[];

/** The last status of a scan job: how it ends. */
export type JobOutcome = Extract<JobStatus, 'Success' | 'Failed'>;

/**
 * The status of a job started at `startedAt` (ms) that takes `scanMs` and ends with
 * `outcome`: New for the first quarter, Running until the end, then the outcome. A job
 * of 0 ms is done at once.
 */
export function jobStatusAt(startedAt: number, scanMs: number, outcome: JobOutcome, now: number): JobStatus {
  const elapsed = now - startedAt;
  if (elapsed >= scanMs) return outcome;
  return elapsed < scanMs / 4 ? 'New' : 'Running';
}
