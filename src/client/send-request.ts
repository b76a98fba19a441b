import { CspmError, isCspmError } from '../error/cspm-error.js';
import type { Redactor } from './redact.js';
import { networkFailure } from './network-failure.js';
import { envelopeOf } from './response-shape.js';
import { bodyExcerptLimit, serviceText } from './service-text.js';
import type { KyModule, Transport } from './transport.js';

/**
 * The response envelope of every endpoint (section 2.2 of the specification), as
 * received: any other fields the service adds are kept.
 */
export interface ServiceEnvelope {
  result?: unknown;
  statusCode: number;
  message?: unknown;
  [field: string]: unknown;
}

/** One request of the client. */
export interface ServiceRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: unknown;
}

/** What sending needs beside the request: the transport, the redactor, the time limit for messages. */
export interface SendContext {
  transport: () => Promise<Transport>;
  redactor: Redactor;
  timeoutMs: number;
}

/**
 * Sends `request` and returns the envelope of a success: HTTP 2xx and envelope
 * statusCode 200. Everything else rejects with a CspmError whose message and data went
 * through the redactor.
 */
export async function sendRequest(context: SendContext, request: ServiceRequest): Promise<ServiceEnvelope> {
  const url = context.redactor.redact(request.url.href);
  const where = `${request.method} ${url}`;
  const { ky, send } = await context.transport();
  let response: Response;
  try {
    response = await send(request.url, {
      method: request.method,
      headers: { Accept: 'application/json', ...request.headers },
      ...(request.body === undefined ? {} : { json: request.body }),
    });
  } catch (error) {
    throw await describeFailure(context, ky, error, request.url, where);
  }
  let envelope: ServiceEnvelope | undefined;
  try {
    envelope = await readEnvelope(response, url, where, context.redactor);
  } catch (error) {
    // The body can break off after the headers (a reset connection): that is the network's failure, not a bug.
    throw isCspmError(error) ? error : networkFailure(error, request.url, where, context.redactor);
  }
  if (envelope === undefined)
    throw new CspmError('service-invalid-response', `${where}: HTTP ${response.status} without a response envelope`, {
      data: { url, status: response.status },
    });
  if (envelope.statusCode !== 200) throw serviceError(context.redactor, url, where, response, envelope);
  return envelope;
}

/** The body of `response` as an envelope ({@link envelopeOf}), undefined when it is JSON of another shape. */
async function readEnvelope(
  response: Response,
  url: string,
  where: string,
  redactor: Redactor,
): Promise<ServiceEnvelope | undefined> {
  const text = await response.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CspmError(
      'service-invalid-response',
      `${where}: HTTP ${response.status}, body is not JSON (${serviceText(text, redactor, bodyExcerptLimit)})`,
      { data: { url, status: response.status } },
    );
  }
  return envelopeOf(value, response.status);
}

/** A `service-error` from the response and, when it had one, its envelope. */
function serviceError(
  redactor: Redactor,
  url: string,
  where: string,
  response: Response,
  envelope: ServiceEnvelope | undefined,
): CspmError<'service-error'> {
  const serviceMessage =
    typeof envelope?.message === 'string' && envelope.message !== ''
      ? serviceText(envelope.message, redactor)
      : undefined;
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  const statusText =
    envelope && envelope.statusCode !== response.status
      ? `HTTP ${response.status}, statusCode ${envelope.statusCode}`
      : `HTTP ${response.status}`;
  return new CspmError('service-error', `${where}: ${statusText}${serviceMessage ? `: ${serviceMessage}` : ''}`, {
    data: {
      url,
      status: response.status,
      ...(envelope ? { statusCode: envelope.statusCode } : {}),
      ...(serviceMessage ? { serviceMessage } : {}),
      ...(retryAfter === undefined ? {} : { retryAfter }),
    },
  });
}

/** A thrown transport error as a CspmError: the service's answer, a timeout or no connection. */
async function describeFailure(
  context: SendContext,
  { HTTPError, TimeoutError }: KyModule,
  error: unknown,
  requestUrl: URL,
  where: string,
): Promise<CspmError> {
  if (isCspmError(error)) return error;
  const url = context.redactor.redact(requestUrl.href);
  if (error instanceof HTTPError) {
    const response = error.response;
    let envelope: ServiceEnvelope | undefined;
    try {
      envelope = await readEnvelope(response, url, where, context.redactor);
    } catch {
      envelope = undefined;
    }
    return serviceError(context.redactor, url, where, response, envelope);
  }
  if (error instanceof TimeoutError) {
    return new CspmError('service-timeout', `${where}: no complete answer within ${context.timeoutMs} ms`, {
      data: { url, timeoutMs: context.timeoutMs },
    });
  }
  return networkFailure(error, requestUrl, where, context.redactor);
}

/** `Retry-After` in seconds: a number of seconds, or an HTTP date from now. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
