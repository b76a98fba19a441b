import { gzipSync } from 'node:zlib';

/**
 * GitHub code scanning refuses an upload above 10 MB gzip-compressed ("SARIF upload
 * limits" in GitHub's documentation); the upload action compresses the file itself.
 * Counted in decimal megabytes, the smaller reading of "10 MB".
 */
export const maxUploadBytes = 10_000_000;

/**
 * The gzip-compressed size of UTF-8 bytes as an upper bound of what the upload sends:
 * level 1 compresses less than zlib's default level, which the upload action uses, and
 * runs about three times as fast, so a log measured under the limit here is under it
 * there.
 */
export function gzipSize(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 1 }).length;
}

/** A log's text and how many results it holds. */
export interface WrittenLog {
  text: string;
  results: number;
}

/** A log that fits the upload, with its UTF-8 bytes when they were made to measure it. */
export interface FittedLog extends WrittenLog {
  bytes: Buffer | undefined;
}

/**
 * Writes a log of at most `maxResults` results whose compressed size stays under
 * `limit`. A text too short to reach the limit (three bytes a UTF-16 unit at most)
 * needs no measure, and neither do bytes under it (gzip output is never much larger
 * than its input); a larger log is compressed once to measure it, and one over the
 * limit is written again with fewer results, in proportion to the excess and a tenth
 * fewer, until it fits. `write` drops whole results, the least severe first, so that
 * no result is ever cut in half. The bytes are handed on, so that a caller that wants
 * them does not encode the text twice.
 */
export function writeWithinUpload(
  write: (maxResults: number) => WrittenLog,
  maxResults: number,
  limit = maxUploadBytes,
): FittedLog {
  let log = write(maxResults);
  for (;;) {
    // 1 % for gzip's framing of incompressible text.
    if (log.text.length * 3 < limit * 0.99) return { ...log, bytes: undefined };
    const bytes = Buffer.from(log.text, 'utf8');
    if (bytes.length < limit * 0.99) return { ...log, bytes };
    const compressed = gzipSize(bytes);
    if (compressed <= limit || log.results === 0) return { ...log, bytes };
    log = write(Math.floor((log.results * limit * 0.9) / compressed));
  }
}
