import { CspmError } from '../error/cspm-error.js';

/** Statuses whose `Location` names where the resource went. */
const redirectStatuses: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Redirects followed for one request at most; a longer chain is a loop or a misconfiguration. */
export const maxRedirects = 5;

/**
 * Sends `request` with `redirect: 'manual'` and follows its redirects by hand, under a
 * policy that never lets a secret leave the base URL's origin: only a GET is redirected,
 * only within its origin (scheme, host and port: https never becomes http), at most
 * {@link maxRedirects} times. Undici would follow a redirect to any host, keeping the API
 * key's header, and would send a POST's body again on a 307 or 308 (the onboarding body
 * holds the directory application's secret) or turn it into a GET on a 301, 302 or 303,
 * whose 200 would pass for a success. Anything else is a `service-redirect` error naming
 * the `Location`, with `redact` applied.
 */
export async function followRedirects(
  fetch: typeof globalThis.fetch,
  request: Request,
  init: RequestInit | undefined,
  redact: (text: string) => string,
): Promise<Response> {
  let current = request;
  for (let hops = 0; ; hops += 1) {
    const response = await fetch(current, { ...init, redirect: 'manual' });
    const location = response.headers.get('location');
    if (!redirectStatuses.has(response.status) || location === null) return response;
    void response.body?.cancel().catch(() => undefined);
    const from = new URL(current.url);
    const target = URL.canParse(location, from.href) ? new URL(location, from) : undefined;
    const refusal = whyNotFollowed(current.method, from, target, hops);
    if (refusal !== undefined) {
      const shown = redact(target === undefined ? location : showLocation(target));
      const url = redact(from.href);
      throw new CspmError(
        'service-redirect',
        `${current.method} ${url}: HTTP ${response.status} to ${shown} not followed: ${refusal}`,
        { data: { url, status: response.status, location: shown } },
      );
    }
    current = new Request(target as URL, { method: 'GET', headers: current.headers, signal: current.signal });
  }
}

/** Why a redirect is not followed, or undefined when it is. */
function whyNotFollowed(method: string, from: URL, target: URL | undefined, hops: number): string | undefined {
  if (target === undefined) return 'its Location is not a URL';
  if (method !== 'GET')
    return `a ${method} is never redirected: its body would be sent again, or dropped and its answer taken for the request's`;
  if (target.origin !== from.origin) {
    return `it leads from ${from.origin} to another origin, where the credentials must not go; if the service has moved, give its base URL`;
  }
  if (hops >= maxRedirects) return `more than ${maxRedirects} redirects`;
  return undefined;
}

/** A redirect's target as an error may show it: no user name or password, no query values. */
function showLocation(target: URL): string {
  return `${target.origin}${target.pathname}${target.search === '' ? '' : '?…'}`;
}
