import type { Exchange } from './openapi-conformance.js';

/** A fetch that sends for real and keeps what it sent and received; see {@link recordFetch}. */
export interface RecordingFetch {
  fetch: typeof globalThis.fetch;
  /** Every exchange in the order the responses arrived; retries are exchanges of their own. */
  exchanges: Exchange[];
}

/**
 * Wraps the global fetch: each request goes over the network as given, and a copy of it and
 * of its response (bodies parsed as JSON) is kept for checks against the OpenAPI document.
 * The copies hold the credentials sent; checks must name headers, never show them.
 */
export function recordFetch(): RecordingFetch {
  const exchanges: Exchange[] = [];
  const recording: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const sent = {
      method: request.method,
      url: request.url,
      headers: headersOf(request.headers),
      ...parseBody(await request.clone().text()),
    };
    const response = await globalThis.fetch(request);
    const received = {
      status: response.status,
      headers: headersOf(response.headers),
      ...parseBody(await response.clone().text()),
    };
    exchanges.push({ request: sent, response: received });
    return response;
  };
  return { fetch: recording, exchanges };
}

function headersOf(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers.entries()].map(([name, value]) => [name.toLowerCase(), value]));
}

function parseBody(text: string): { body: unknown; bodyNotJson?: boolean } {
  if (text === '') return { body: undefined };
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return { body: undefined, bodyNotJson: true };
  }
}
