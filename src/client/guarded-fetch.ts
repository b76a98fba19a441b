import { followRedirects } from './follow-redirects.js';
import { readCappedBody } from './read-capped-body.js';

/** What {@link guardedFetch} holds every answer to. */
export interface FetchGuards {
  /** The most bytes of one answer's body, received and inflated. */
  maxBodyBytes: number;
  /** Hides the client's secrets in what an error says. */
  redact: (text: string) => string;
}

/**
 * `fetch` as the client may use it against a network it does not trust: redirects
 * followed only within the origin and for GET only, and the body read whole, under the
 * size limit, before the answer is handed on. ky's timeout runs around this function, so
 * the deadline of an attempt covers the last byte of the body, and a body that breaks
 * off is a failure of the attempt that ky's retry sees.
 */
export function guardedFetch(fetch: typeof globalThis.fetch, guards: FetchGuards): typeof globalThis.fetch {
  return async (input, init) => {
    // ky hands a Request and only the options a Request does not take; anything else is made one.
    const [request, rest] = input instanceof Request ? [input, init] : [new Request(input, init), undefined];
    const response = await followRedirects(fetch, request, rest, guards.redact);
    return readCappedBody(response, guards.maxBodyBytes, request.method, guards.redact(response.url || request.url));
  };
}
