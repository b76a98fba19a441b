import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorEnvelope, refuseRequest } from './api-error.js';

/** Reason phrases of the statuses Node's parser and timers give up with. */
const reasons = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' } as const;

/**
 * The status of a request that Node gave up on before any handler saw it: the request
 * limit (or the headers' part of it) ran out, the headers were above Node's size limit,
 * or the bytes were not HTTP.
 */
function statusOf(error: Error & { code?: string }): keyof typeof reasons {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (error.code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

const messages = {
  400: 'the request is not well-formed HTTP/1.1',
  408: 'the request did not arrive whole within the time allowed',
  431: 'the request headers are larger than the server accepts',
} satisfies Record<keyof typeof reasons, string>;

/**
 * Answers a request that Node's HTTP parser refused or timed out (the server's
 * 'clientError' event) with the service's envelope instead of Node's bare status line,
 * then closes the connection: after such a request, nothing more on it can be trusted.
 * A connection already reset, or whose response has begun, is only closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // Node keeps the response in flight on the socket; once its head is written, a second
  // status line would corrupt what the client reads (Node's own handler checks the same).
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  const status = statusOf(error);
  const body = JSON.stringify(errorEnvelope(refuseRequest(status, messages[status])));
  const head = [
    `HTTP/1.1 ${status} ${reasons[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}
