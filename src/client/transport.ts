import type { KyInstance } from 'ky';
import { guardedFetch } from './guarded-fetch.js';
import { isConnectionBroken, networkErrorCode } from './network-failure.js';
import type { TraceEvent } from './request-trace.js';
import { parseRetryAfter } from './send-request.js';

/** How the transport sends, times out and retries; see {@link createTransport}. */
export interface TransportOptions {
  /** Time allowed for one attempt, in ms, from the request to the last byte of the answer. */
  timeoutMs: number;
  /** Retries after the first attempt of a GET. */
  retries: number;
  /** Longest wait a `Retry-After` may impose, in ms, and never more than `timeoutMs`; a longer one ends the retries. */
  maxRetryAfterMs: number;
  /** The most bytes of one answer, received and inflated. */
  maxBodyBytes: number;
  /** Hides the client's secrets in the errors the transport raises itself (a redirect, an answer too large). */
  redact: (text: string) => string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof globalThis.fetch;
  /** Called with each attempt's request, response and retry; raw, the client redacts. */
  trace?: ((event: TraceEvent) => void) | undefined;
}

/** Statuses after which a GET is tried again: throttled, or a gateway or the service briefly down. */
const retriedStatuses = [429, 502, 503, 504];

/** Statuses whose `Retry-After` is honoured: throttled, or the service briefly down. */
const afterStatusCodes = [429, 503];

/** ky's module: what a transport sends with, and the error classes it throws. */
export type KyModule = typeof import('ky');

/** A transport: the ky instance, with the module it came from for its error classes. */
export interface Transport {
  ky: KyModule;
  send: KyInstance;
}

/**
 * The ky instance the client sends with, made on first use: the command line imports the
 * library at start-up, and commands that never call the service should not load ky. Only GET is retried: a POST that
 * reached the
 * service may have taken effect, and a second onboarding makes a second account. ky
 * honours `Retry-After` (seconds or an HTTP date) on 429 and 503 up to the smaller of
 * `maxRetryAfterMs` and `timeoutMs`; a longer one ends the retries at once, since a
 * shorter wait would only be throttled again and the caller's deadline says how long it
 * will wait. Other retries back off exponentially with full jitter. A refused
 * connection or an unknown host is not retried: nothing is listening there, and waiting
 * will not change that within one command.
 */
export function createTransport(options: TransportOptions): () => Promise<Transport> {
  let transport: Promise<Transport> | undefined;
  return () => (transport ??= import('ky').then((ky) => ({ ky, send: makeInstance(ky, options) })));
}

function makeInstance({ default: ky, HTTPError, TimeoutError }: KyModule, options: TransportOptions): KyInstance {
  const given = options.fetch ?? globalThis.fetch;
  const maxRetryAfter = Math.min(options.maxRetryAfterMs, options.timeoutMs);
  return ky.create({
    timeout: options.timeoutMs,
    throwHttpErrors: true,
    fetch: guardedFetch(options.trace ? timedFetch(given, options.trace) : given, options),
    ...(options.trace ? { hooks: traceHooks(options.trace) } : {}),
    retry: {
      limit: options.retries,
      methods: ['get'],
      statusCodes: retriedStatuses,
      afterStatusCodes,
      maxRetryAfter,
      backoffLimit: 10_000,
      jitter: true,
      retryOnTimeout: false,
      shouldRetry: ({ error }) => {
        if (error instanceof HTTPError) {
          if (!afterStatusCodes.includes(error.response.status)) return undefined;
          const seconds = parseRetryAfter(error.response.headers.get('Retry-After'));
          return seconds !== undefined && seconds * 1000 > maxRetryAfter ? false : undefined;
        }
        if (error instanceof TimeoutError) return undefined;
        return isConnectionBroken(error) ? undefined : false;
      },
    },
  });
}

/**
 * ky hooks that report each request as sent (headers and body included) and each retry.
 * Responses are reported by {@link timedFetch}: ky hands its hooks copies of a request,
 * so only the fetch itself sees one attempt from start to answer.
 */
function traceHooks(trace: (event: TraceEvent) => void): NonNullable<Parameters<KyInstance['create']>[0]>['hooks'] {
  return {
    beforeRequest: [
      async (request, _options, { retryCount }) => {
        const body = request.body === null ? undefined : await request.clone().text();
        trace({
          kind: 'request',
          method: request.method,
          url: request.url,
          headers: [...request.headers],
          ...(body === undefined ? {} : { body }),
          attempt: retryCount,
        });
      },
    ],
    beforeRetry: [
      ({ request, error, retryCount }) => {
        trace({
          kind: 'retry',
          method: request.method,
          url: request.url,
          attempt: retryCount,
          reason: networkErrorCode(error) ?? error.message,
        });
      },
    ],
  };
}

/** `fetch` that reports each answer's status and time, or the network error that stopped it. */
function timedFetch(fetch: typeof globalThis.fetch, trace: (event: TraceEvent) => void): typeof globalThis.fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const started = performance.now();
    try {
      const response = await fetch(input, init);
      trace({
        kind: 'response',
        method: request.method,
        url: request.url,
        status: response.status,
        ms: performance.now() - started,
      });
      return response;
    } catch (error) {
      trace({
        kind: 'failure',
        method: request.method,
        url: request.url,
        reason: networkErrorCode(error) ?? (error instanceof Error ? error.message : String(error)),
        ms: performance.now() - started,
      });
      throw error;
    }
  };
}
