import type { IncomingMessage, ServerResponse } from 'node:http';
import { readServiceOpenApi } from '../validate/service-openapi.js';

/** The path of the emulator's own copy of the OpenAPI document; the service has no such endpoint. */
export const documentPath = '/openapi.json';

/**
 * The emulator's answer to `GET /openapi.json`: the self-contained OpenAPI document,
 * as `cspm-report schema openapi` prints it, so that a tool (prism, an editor) can read
 * it from the running emulator. It is not an endpoint of the service, so it is not in
 * the route table the document is checked against: it asks no credentials, answers
 * the bare document rather than an envelope, and no injected fault delays or fails it.
 */
export function createDocumentRoute(): (request: IncomingMessage, response: ServerResponse) => boolean {
  const body = `${JSON.stringify(readServiceOpenApi(), null, 2)}\n`;
  /** Answers the request and returns true when it is for the document; false leaves it to the routes. */
  return (request, response) => {
    if (new URL(request.url ?? '/', 'http://emulator.invalid').pathname !== documentPath) return false;
    const allowed = request.method === 'GET' || request.method === 'HEAD';
    response.writeHead(allowed ? 200 : 405, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': allowed ? Buffer.byteLength(body) : 0,
      ...(allowed ? {} : { Allow: 'GET, HEAD' }),
    });
    response.end(allowed && request.method === 'GET' ? body : undefined);
    return true;
  };
}
