import { CspmError } from '../error/cspm-error.js';
import { readRegularFile } from './read-regular-file.js';
import { describeBytes } from '../text/describe-bytes.js';

/**
 * Reads a small UTF-8 text file given by an option (a secret, an accounts file, an
 * onboarding body, a template) with the guards of the reports' reader: a named pipe
 * or a device is refused before it is opened, so that a run never blocks on one, and
 * no more than `limit` bytes are read.
 *
 * @param path  the file
 * @param limit the most bytes accepted
 * @param label how messages name the file (`--api-key-file key.txt`)
 * @param what  what the file is, for the message of a file over the limit (`a secret file`)
 * @throws CspmError naming the file by `label`: not found, not regular, too large, unreadable
 */
export function readSmallText(path: string, limit: number, label: string, what: string): string {
  const tooLarge = (size: number): CspmError =>
    new CspmError(
      'input-too-large',
      `${label} is ${describeBytes(size)}; ${what} may be at most ${describeBytes(limit)}`,
      { data: { path: label, bytes: size, limit } },
    );
  const bytes = readRegularFile(path, limit, tooLarge, label);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
