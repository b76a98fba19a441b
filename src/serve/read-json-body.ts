import type { IncomingMessage } from 'node:http';
import { ApiError } from './api-error.js';

/**
 * Reads and parses a JSON request body of at most `limit` bytes. A longer body is
 * drained (not kept) and answered 413, so that the client reads the answer instead of
 * a reset connection; the server's request timeout bounds how long that may take. An
 * empty body is `undefined`. The parse error is not quoted: the body may hold a secret.
 */
export async function readJsonBody(request: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit) throw new ApiError(413, `the request body is larger than ${limit} bytes`);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'the request body is not valid JSON');
  }
}
