import type { AuditSummaryIds, CspmClient } from '../client/create-client.js';
import { jobStatusOutcomes, type JobStatus } from '../client/job-status.js';

/** Options of {@link waitForScanJob}. */
export interface WaitForScanJobOptions {
  /** Seconds between two status requests. */
  pollSeconds: number;
  /** Seconds to wait for the job to end before giving up (0: ask once). */
  timeoutSeconds: number;
  /** Told of each status that differs from the one before. */
  onStatus?: (status: JobStatus) => void;
}

/**
 * How a wait ended: the job's last status, and whether it succeeded, failed, or was still going when the time was up.
 */
export interface ScanJobWait {
  status: JobStatus;
  outcome: 'succeeded' | 'failed' | 'timed-out';
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows a scan job (an onboarded account's first scan) until it ends or
 * `timeoutSeconds` pass. A status the client does not know rejects at once (the client
 * refuses it), rather than being waited on until the time is up.
 *
 * @throws CspmError from the client, for a request that fails
 */
export async function waitForScanJob(
  client: CspmClient,
  ids: Omit<AuditSummaryIds, 'benchmarkId'>,
  options: WaitForScanJobOptions,
): Promise<ScanJobWait> {
  const deadline = Date.now() + options.timeoutSeconds * 1000;
  let last: JobStatus | undefined;
  for (;;) {
    const status = await client.getJobStatus(ids);
    if (status !== last) options.onStatus?.(status);
    last = status;
    const outcome = jobStatusOutcomes[status];
    if (outcome !== 'running') return { status, outcome };
    const remaining = deadline - Date.now();
    if (remaining <= 0) return { status, outcome: 'timed-out' };
    await sleep(Math.min(options.pollSeconds * 1000, remaining));
  }
}
