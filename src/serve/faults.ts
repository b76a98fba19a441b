import { setTimeout as sleep } from 'node:timers/promises';
import { refuseRequest } from './api-error.js';
import type { JobOutcome } from './job-status.js';

/** Injected faults, for testing a client against a slow, failing or throttling service. */
export interface FaultOptions {
  /** Delay before every answer, in ms. */
  latencyMs?: number;
  /** Share of requests (0 to 1) answered 503. */
  failRate?: number;
  /** Requests allowed per second; more are answered 429 with Retry-After. */
  rateLimit?: number;
  /** Share of scan jobs (0 to 1) that end Failed instead of Success; 1 fails every one. */
  scanFailureRate?: number;
  /** Source of randomness for failRate and scanFailureRate (Math.random by default). */
  random?: () => number;
}

/** A function applying the faults to one request: waits, or throws 429 or 503. */
export function makeFaults(options: FaultOptions, now: () => number): () => Promise<void> {
  let windowStart = 0;
  let count = 0;
  const random = options.random ?? Math.random;
  return async () => {
    if (options.rateLimit !== undefined) {
      const time = now();
      if (time - windowStart >= 1000) {
        windowStart = time;
        count = 0;
      }
      count += 1;
      if (count > options.rateLimit)
        throw refuseRequest(429, `more than ${options.rateLimit} requests in a second`, { 'Retry-After': '1' });
    }
    if (options.latencyMs !== undefined && options.latencyMs > 0) await sleep(options.latencyMs);
    if (options.failRate !== undefined && random() < options.failRate)
      throw refuseRequest(503, 'the service is unavailable (injected fault)');
  };
}

/**
 * A function deciding how a new scan job ends. It is decided once, when the job starts,
 * so that every status request and summary of the job tells the same story.
 */
export function makeScanOutcome(options: FaultOptions): () => JobOutcome {
  const random = options.random ?? Math.random;
  const rate = options.scanFailureRate ?? 0;
  // random() is below 1, so a rate of 1 fails every job and a rate of 0 none.
  return () => (random() < rate ? 'Failed' : 'Success');
}
