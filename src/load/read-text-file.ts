import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { CspmError } from '../error/cspm-error.js';
import { decodeText, stripBom } from './decode-text.js';

/**
 * V8 cannot hold a string longer than 2^29 − 24 characters, so larger files cannot go
 * through JSON.parse; they are refused with a clear error instead of an opaque crash.
 */
export const maxTextBytes = 2 ** 29 - 24;

/**
 * Reads a report file as text. UTF-8 files (nearly all) are read with
 * readFileSync(…, 'utf8'), which decodes inside Node without a JavaScript Buffer of the
 * whole file: on a 95 MB report that saves the Buffer's 95 MB and a copy. Only a file
 * that starts with a UTF-16 byte order mark goes through bytes.
 */
export function readTextFile(path: string): string {
  try {
    const size = statSync(path).size;
    if (size > maxTextBytes) throw tooLarge(path, size);
    const head = readHead(path);
    const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
    return utf16 ? decodeText(readFileSync(path)) : stripBom(readFileSync(path, 'utf8'));
  } catch (error) {
    throw error instanceof CspmError ? error : ioError(path, error);
  }
}

function readHead(path: string): Uint8Array {
  const head = new Uint8Array(2);
  const descriptor = openSync(path, 'r');
  try {
    readSync(descriptor, head, 0, 2, 0);
  } finally {
    closeSync(descriptor);
  }
  return head;
}

/** The error for an input over the size V8 can parse. */
export function tooLarge(name: string, size: number): CspmError {
  const megabytes = Math.round(size / 2 ** 20);
  return new CspmError('input-too-large', `${name} is ${megabytes} MiB; the limit is 511 MiB per file (split the report by benchmark)`);
}

/** A file-system error as a CspmError naming the path. */
export function ioError(path: string, error: unknown): CspmError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new CspmError('input-not-found', path, { cause: error });
  }
  if (code === 'EISDIR') {
    return new CspmError('input-unreadable', `${path} (a directory where a file was expected)`, { cause: error });
  }
  const reason = error instanceof Error ? error.message.replace(/^[A-Z]+: /, '') : String(error);
  return new CspmError('input-unreadable', `${path} (${reason})`, { cause: error });
}
