import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { CspmError } from '../../error/cspm-error.js';

/** The most bytes a config file may hold: a few options take a few hundred. */
export const maxConfigBytes = 1024 * 1024;

/**
 * The bytes of a config file: a regular file (after its links are followed) of at most
 * {@link maxConfigBytes}. It is opened without blocking and its kind told from the open
 * handle, so that a named pipe (which would block the run until a writer came), a device
 * (`/dev/zero` never ends), a folder or a link to nothing is refused in one line naming
 * it, and nothing swapped in between a check and the open is read.
 *
 * @param shown how messages name the file
 */
export function readConfigBytes(path: string, shown: string): Buffer {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'a link to nothing'
        : code === 'EACCES' || code === 'EPERM'
          ? 'not readable'
          : `unreadable (${code ?? 'error'})`;
    throw new CspmError('usage', `${shown}: ${why}; a config file is a plain file (give --no-config to read none)`, {
      data: { path: shown },
      cause,
    });
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile())
      throw new CspmError(
        'usage',
        `${shown}: ${kindOf(info)}, not a plain file; a config file is a plain file (give --no-config to read none)`,
        { data: { path: shown } },
      );
    return readCapped(fd, shown);
  } finally {
    closeSync(fd);
  }
}

function readCapped(fd: number, shown: string): Buffer {
  // One byte past the cap tells a file over it, whatever size it states.
  const buffer = Buffer.alloc(maxConfigBytes + 1);
  let length = 0;
  for (;;) {
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) break;
    length += read;
    if (length > maxConfigBytes)
      throw new CspmError(
        'usage',
        `${shown}: larger than ${maxConfigBytes / 1024 / 1024} MiB; a config file holds a few options`,
        { data: { path: shown } },
      );
  }
  return buffer.subarray(0, length);
}

function kindOf(info: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a named pipe';
  if (info.isSocket()) return 'a socket';
  return 'a device';
}
