import type { AuditSummaryIds } from '../../index.js';

/** One audit summary to fetch, or every benchmark of an account when `benchmarkId` is `all`. */
export interface FetchTarget extends AuditSummaryIds {
  /** Where the target was given (`accounts.csv:4`), for messages; the flags when absent. */
  origin?: string;
}

/** The benchmark id that asks for every benchmark of the account. */
export const allBenchmarks = 'all';

/** How messages name a target: `license/account/job/benchmark`. */
export function describeTarget(target: AuditSummaryIds): string {
  return `${target.licenseId}/${target.accountId}/${target.jobId}/${target.benchmarkId}`;
}
