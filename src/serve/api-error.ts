/**
 * A failed request: the HTTP status, the same number as the envelope's statusCode,
 * and the message. Section 7 of the specification shows no error responses, so the
 * statuses are the emulator's choice (README, "cspm-report serve").
 */
export class ApiError extends Error {
  /** Extra response headers (Allow, Retry-After). */
  readonly headers: Record<string, string>;

  /** An error answered with `status` and `message` in the envelope. */
  constructor(
    readonly status: number,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.headers = headers;
  }
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

/** The envelope of a failure: no result, the HTTP status as statusCode. */
export function errorEnvelope(error: ApiError): ApiEnvelope {
  return { result: null, statusCode: error.status, message: error.message };
}
