import type { IncomingMessage } from 'node:http';
import { findDuplicateKeys } from '../load/find-duplicate-keys.js';
import { refuseRequest } from './api-error.js';

/**
 * Whether a Content-Type names JSON as the OpenAPI document declares it: `application/json`,
 * with at most a `charset=utf-8` parameter (any case, quoted or not). The body is read as
 * UTF-8, so another charset would be misread.
 */
function isJsonMediaType(contentType: string | undefined): boolean {
  const [type = '', ...parameters] = (contentType ?? '').split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return parameters.every((parameter) => parameter === '' || /^charset\s*=\s*(?:"utf-8"|utf-8)$/.test(parameter));
}

/**
 * Reads and parses a JSON request body of at most `limit` bytes. A longer body is
 * drained (not kept) and answered 413, so that the client reads the answer instead of
 * a reset connection; the server's request timeout bounds how long that may take. An
 * empty body is `undefined`. The parse error is not quoted: the body may hold a secret.
 * A key given twice in one object is refused (400) too. A body sent as another media
 * type than JSON is read the same way (not kept) and answered 415, as a proxy that checks
 * the document's request media type would.
 */
export async function readJsonBody(request: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  const json = isJsonMediaType(request.headers['content-type']);
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (json && size <= limit) chunks.push(chunk);
  }
  if (size > 0 && !json) {
    throw refuseRequest(
      415,
      'the request body must be sent as Content-Type: application/json (charset utf-8, if one is named)',
    );
  }
  if (size > limit) throw refuseRequest(413, `the request body is larger than ${limit} bytes`);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw refuseRequest(400, 'the request body is not valid JSON');
  }
  // JSON.parse keeps the last of two values; a service that took the first would
  // onboard another account than the one checked here. The key is named, never a value.
  const [repeated] = findDuplicateKeys(text, 1).duplicates;
  if (repeated)
    throw refuseRequest(
      400,
      `the request body repeats the key ${JSON.stringify(repeated.key)} in one object (${repeated.pointer}): which value counts would be a guess`,
    );
  return value;
}
