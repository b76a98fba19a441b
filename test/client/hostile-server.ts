import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a hostile server received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A plain HTTP server on 127.0.0.1 that answers as `answer` decides and records what it got. */
export interface HostileServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

const started: HostileServer[] = [];

/**
 * Starts a server whose answers the test writes by hand (partial bodies, resets,
 * redirects, drips), with each request's body read before `answer` is called.
 */
export async function startHostileServer(
  answer: (request: ReceivedRequest, response: ServerResponse, raw: IncomingMessage) => void,
): Promise<HostileServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((raw, response) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const request = {
        method: raw.method ?? '',
        path: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      answer(request, response, raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const close = (): Promise<void> => {
    // A drip or an endless body keeps its connection open; end them rather than wait.
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  const hostile = { url: `http://127.0.0.1:${port}`, port, received, close };
  started.push(hostile);
  return hostile;
}

/** Closes every server started since the last call: for `afterEach`. */
export async function closeHostileServers(): Promise<void> {
  for (const server of started.splice(0)) await server.close();
}

/** The envelope of a successful job status, as the service sends it. */
export const statusEnvelope = JSON.stringify({
  result: { jobStatus: 'Success' },
  statusCode: 200,
  message: 'Request Successful',
});

/** The envelope of a successful onboarding. */
export const onboardedEnvelope = JSON.stringify({
  result: { accountId: 'acc-9', jobId: 'job-9' },
  statusCode: 200,
  message: 'Request Successful',
});
