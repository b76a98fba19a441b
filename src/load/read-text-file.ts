import { CspmError } from '../error/cspm-error.js';

/**
 * V8 cannot hold a string longer than 2^29 − 24 characters, so larger files cannot go
 * through JSON.parse; they are refused with a clear error instead of an opaque crash.
 */
export const maxTextBytes = 2 ** 29 - 24;

/** The error for an input over the size V8 can parse. */
export function tooLarge(name: string, size: number): CspmError {
  const megabytes = Math.round(size / 2 ** 20);
  return new CspmError(
    'input-too-large',
    `${name} is ${megabytes} MiB; the limit is 511 MiB per file (split the report by benchmark)`,
    { data: { path: name, bytes: size, limit: maxTextBytes } },
  );
}
