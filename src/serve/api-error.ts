import { CspmError, isCspmError } from '../error/cspm-error.js';

/** A request the emulator refuses: a `request-refused` error, which it answers with its status and reason. */
export type RequestRefusal = CspmError<'request-refused'>;

/**
 * A failed request: the HTTP status, the same number as the envelope's statusCode,
 * and the reason the envelope's message gives. Section 7 of the specification shows no
 * error responses, so the statuses are the emulator's choice (README, "cspm-report serve").
 *
 * @param headers extra response headers (Allow, Retry-After)
 */
export function refuseRequest(status: number, reason: string, headers: Record<string, string> = {}): RequestRefusal {
  return new CspmError('request-refused', reason, { data: { status, reason, headers } });
}

/** True when `error` is a refusal to answer with its own status, not a fault of the emulator. */
export function isRequestRefusal(error: unknown): error is RequestRefusal {
  return isCspmError(error) && error.code === 'request-refused';
}

/** The response envelope of every endpoint (section 2.2). */
export interface ApiEnvelope {
  result: unknown;
  statusCode: number;
  message: string;
}

/** The envelope of a success: statusCode 200 and the service's success text. */
export function successEnvelope(result: unknown): ApiEnvelope {
  return { result, statusCode: 200, message: 'Request Successful' };
}

/** The envelope of a failure: no result, the HTTP status as statusCode, the reason as message. */
export function errorEnvelope(refusal: RequestRefusal): ApiEnvelope {
  return { result: null, statusCode: refusal.data.status, message: refusal.data.reason };
}
