import { CspmError } from '../error/cspm-error.js';
import { describeByteLimit } from './byte-size.js';

/** Statuses whose response has no body: a Response with a body and one of these cannot be made. */
const nullBodyStatuses: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/** The first buffer of a body of unknown length; it doubles as the body comes. */
const initialBytes = 64 * 1024;

/**
 * `response` with its whole body read into memory, at most `limit` bytes: the declared
 * `Content-Length` is checked first, then the bytes as they arrive, after fetch has
 * inflated them, so that neither a long answer nor a small compressed one that inflates
 * without end can take more. Reading here, inside the attempt, puts the body under the
 * attempt's deadline and lets a connection that breaks mid-body be retried like one
 * that breaks before the headers.
 *
 * @param url the request's URL, its secrets redacted, for the error
 * @throws CspmError `response-too-large` naming the request and the limit; the
 *         network's own errors as they come
 */
export async function readCappedBody(
  response: Response,
  limit: number,
  method: string,
  url: string,
): Promise<Response> {
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (response.body === null || nullBodyStatuses.has(response.status)) return new Response(null, init);
  const tooLarge = (): CspmError =>
    new CspmError(
      'response-too-large',
      `${method} ${url}: HTTP ${response.status}, the answer is longer than the limit of ${describeByteLimit(limit)} (--max-body)`,
      { data: { url, limit } },
    );
  const length = response.headers.get('content-length');
  const declared = length !== null && /^\d+$/.test(length) ? Number(length) : undefined;
  if (declared !== undefined && declared > limit) {
    void response.body.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const reader = response.body.getReader();
  // One buffer, sized by the declared length when there is one, so that the body is held
  // once and not a second time by a final concatenation of its chunks. A compressed
  // body's declared length is of its compressed bytes: fetch hands on the inflated ones.
  const compressed = response.headers.get('content-encoding') !== null;
  let buffer: Buffer = Buffer.allocUnsafe(declared !== undefined && !compressed ? declared : initialBytes);
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > limit) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    if (total + value.byteLength > buffer.length)
      buffer = grown(buffer, total, Math.min(limit, Math.max(2 * buffer.length, total + value.byteLength)));
    buffer.set(value, total);
    total += value.byteLength;
  }
  return new Response(buffer.subarray(0, total), init);
}

/** A larger buffer holding the first `used` bytes of `buffer`. */
function grown(buffer: Buffer, used: number, size: number): Buffer {
  const larger = Buffer.allocUnsafe(size);
  buffer.copy(larger, 0, 0, used);
  return larger;
}
