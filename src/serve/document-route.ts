import type { IncomingMessage, ServerResponse } from 'node:http';
import { readServiceOpenApi } from '../validate/service-openapi.js';
import { errorEnvelope, refuseRequest } from './api-error.js';

/** The path of the emulator's own copy of the OpenAPI document; the service has no such endpoint. */
export const documentPath = '/openapi.json';

/**
 * The emulator's answer to `GET /openapi.json`: the self-contained OpenAPI document,
 * as `cspm-report schema openapi` prints it, so that a tool (prism, an editor) can read
 * it from the running emulator. It is not an endpoint of the service, so it is not in
 * the route table the document is checked against: it asks no credentials, answers
 * the bare document rather than an envelope, and no injected fault delays or fails it.
 * Any method but GET and HEAD is answered 405 with Allow in the envelope, as a route's is.
 */
export function createDocumentRoute(): (request: IncomingMessage, response: ServerResponse) => boolean {
  const body = `${JSON.stringify(readServiceOpenApi(), null, 2)}\n`;
  /** Answers the request and returns true when it is for the document; false leaves it to the routes. */
  return (request, response) => {
    if (new URL(request.url ?? '/', 'http://emulator.invalid').pathname !== documentPath) return false;
    if (request.method === 'GET' || request.method === 'HEAD') {
      response.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
      });
      response.end(request.method === 'GET' ? body : undefined);
    } else {
      const refusal = JSON.stringify(
        errorEnvelope(refuseRequest(405, `method ${request.method ?? ''} is not allowed here; use GET, HEAD`)),
      );
      response.writeHead(405, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(refusal),
        Allow: 'GET, HEAD',
      });
      response.end(refusal);
    }
    return true;
  };
}
