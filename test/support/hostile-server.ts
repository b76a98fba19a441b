import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the server saw it: the method and the raw request target, before any decoding. */
export interface SeenRequest {
  method: string;
  target: string;
  body: string;
}

/** A server on 127.0.0.1 that answers what a test tells it, and what it was asked. */
export interface HostileServer {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** What the server answers to a request: a status and a body (JSON-encoded unless a string). */
export type Answer = { status: number; body: unknown };

/** Starts an HTTP server on 127.0.0.1 (port 0) that answers each request with `answer`. */
export async function startHostileServer(answer: (request: SeenRequest) => Answer): Promise<HostileServer> {
  const seen: SeenRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got = {
        method: request.method ?? '',
        target: request.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(got);
      const { status, body } = answer(got);
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An envelope of success holding `result`. */
export function success(result: unknown): Answer {
  return { status: 200, body: { result, statusCode: 200, message: 'Request Successful' } };
}
