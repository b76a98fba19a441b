import { constants, fstatSync, openSync, closeSync, readSync, statSync, type Stats } from 'node:fs';
import { CspmError } from '../error/cspm-error.js';
import { ioError } from './io-error.js';

/**
 * Reads a whole regular file, never more than `limit` bytes.
 *
 * Two things are not trusted: the kind of file and its stated size. A named pipe
 * blocks the reader until some writer appears, and a device such as /dev/zero never
 * ends, so anything but a regular file is refused before it is opened (and opened
 * non-blocking, in case it was swapped in between). Files under /proc state a size
 * of 0 and then yield data, so the cap counts the bytes actually read.
 *
 * @param path       the file
 * @param limit      the most bytes accepted
 * @param tooLarge   the error for a file over `limit` (given the bytes seen so far)
 * @param label      how messages name the file (`--logo x.png`), the path by default
 * @param allocate   makes the buffer read into, of the size given (shared memory, say)
 * @throws CspmError for every failure: a file-system error names the file by `label`
 */
export function readRegularFile(
  path: string,
  limit: number,
  tooLarge: (size: number) => CspmError,
  label = path,
  allocate: (size: number) => Buffer = Buffer.allocUnsafe,
): Uint8Array {
  try {
    refuseIrregular(statSync(path), label);
    const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const info = fstatSync(fd);
      refuseIrregular(info, label);
      if (info.size > limit) throw tooLarge(info.size);
      return readCapped(fd, info.size, limit, tooLarge, allocate);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw error instanceof CspmError ? error : ioError(label, error);
  }
}

function readCapped(
  fd: number,
  statedSize: number,
  limit: number,
  tooLarge: (size: number) => CspmError,
  allocate: (size: number) => Buffer,
): Uint8Array {
  // One byte more than the stated size, so that a file of exactly that size is read
  // whole in one pass and its end seen without growing the buffer.
  let buffer = allocate(Math.min(Math.max(statedSize + 1, 64 * 1024), limit + 1));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length > limit) throw tooLarge(length);
      const larger = allocate(Math.min(buffer.length * 2, limit + 1));
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) break;
    length += read;
  }
  if (length > limit) throw tooLarge(length);
  return buffer.subarray(0, length);
}

/**
 * Refuses, before it is opened, a path that is no regular file (a folder, a named pipe
 * or a device, which could block a read for ever), as readRegularFile does, for a reader
 * that streams the file.
 *
 * @throws CspmError as readRegularFile does: not found, not regular, unreadable
 */
export function assertRegularFile(path: string, label = path): void {
  try {
    refuseIrregular(statSync(path), label);
  } catch (error) {
    throw error instanceof CspmError ? error : ioError(label, error);
  }
}

function refuseIrregular(info: Stats, label: string): void {
  if (info.isFile()) return;
  if (info.isDirectory()) {
    throw new CspmError('input-unreadable', `${label} (a directory where a file was expected)`, {
      data: { path: label },
    });
  }
  throw new CspmError(
    'input-not-regular',
    `${label} is ${kindOf(info)}, not a regular file; to read a stream, give - and redirect standard input (< file)`,
    { data: { path: label } },
  );
}

/** What a file that is not a regular file is, in words: `a named pipe`, `a folder`, … */
export function kindOf(info: Stats): string {
  if (info.isFIFO()) return 'a named pipe';
  if (info.isDirectory()) return 'a folder';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a file';
}
