/**
 * The statuses of a scan job, as the service's public documentation lists them, and
 * what each means to a caller waiting for the job: still going, or ended one way.
 */
export const jobStatusOutcomes = {
  Pending: 'running',
  New: 'running',
  Running: 'running',
  Success: 'succeeded',
  Failed: 'failed',
} as const satisfies Record<string, 'running' | 'succeeded' | 'failed'>;

/** One status of a scan job. */
export type JobStatus = keyof typeof jobStatusOutcomes;

/** True when `value` is a status of {@link jobStatusOutcomes}. */
export function isJobStatus(value: string): value is JobStatus {
  return Object.hasOwn(jobStatusOutcomes, value);
}
