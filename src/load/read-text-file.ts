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
  try {
    return decodeText(readRegularFile(path, maxTextBytes, (size) => tooLarge(path, size)));
  } catch (error) {
    throw error instanceof CspmError ? error : ioError(path, error);
  }
}

/** The error for an input over the size V8 can parse. */
export function tooLarge(name: string, size: number): CspmError {
  const megabytes = Math.round(size / 2 ** 20);
  return new CspmError('input-too-large', `${name} is ${megabytes} MiB; the limit is 511 MiB per file (split the report by benchmark)`, { data: { path: name, bytes: size, limit: maxTextBytes } });
}

/** A file-system error as a CspmError naming the path. */
export function ioError(path: string, error: unknown): CspmError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new CspmError('input-not-found', path, { cause: error, data: { path } });
  }
  if (code === 'EISDIR') {
    return new CspmError('input-unreadable', `${path} (a directory where a file was expected)`, { cause: error, data: { path } });
  }
  const reason = error instanceof Error ? error.message.replace(/^[A-Z]+: /, '') : String(error);
  return new CspmError('input-unreadable', `${path} (${reason})`, { cause: error, data: { path } });
}
