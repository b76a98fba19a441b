import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from './api-error.js';

/** Injected faults, for testing a client against a slow, failing or throttling service. */
export interface FaultOptions {
  /** Delay before every answer, in ms. */
  latencyMs?: number;
  /** Share of requests (0 to 1) answered 503. */
  failRate?: number;
  /** Requests allowed per second; more are answered 429 with Retry-After. */
  rateLimit?: number;
  /** Source of randomness for failRate (Math.random by default). */
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
      if (count > options.rateLimit) throw new ApiError(429, `more than ${options.rateLimit} requests in a second`, { 'Retry-After': '1' });
    }
    if (options.latencyMs !== undefined && options.latencyMs > 0) await sleep(options.latencyMs);
    if (options.failRate !== undefined && random() < options.failRate) throw new ApiError(503, 'the service is unavailable (injected fault)');
  };
}
