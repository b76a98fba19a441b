import { gzipSync } from 'node:zlib';

/**
 * GitHub code scanning refuses an upload above 10 MB gzip-compressed ("SARIF upload
 * limits" in GitHub's documentation); the upload action compresses the file itself.
 * Counted in decimal megabytes, the smaller reading of "10 MB".
 */
export const maxUploadBytes = 10_000_000;

/**
 * The gzip-compressed size of `text` as an upper bound of what the upload sends: level
 * 1 compresses less than zlib's default level, which the upload action uses, and runs
 * about three times as fast, so a log measured under the limit here is under it there.
 */
export function gzipSize(text: string): number {
  return gzipSync(text, { level: 1 }).length;
}

/** A log's text and how many results it holds. */
export interface WrittenLog {
  text: string;
  results: number;
}

/**
 * Writes a log of at most `maxResults` results whose compressed size stays under
 * `limit`: a log whose text is smaller than the limit needs no measure (gzip output
 * is never much larger than its input), a larger one is compressed once to measure it,
 * and one over the limit is written again with fewer results, in proportion to the
 * excess and a tenth fewer, until it fits. `write` drops whole results, the least
 * severe first, so that no result is ever cut in half.
 */
export function writeWithinUpload(write: (maxResults: number) => WrittenLog, maxResults: number, limit = maxUploadBytes): WrittenLog & { compressedBytes: number | undefined } {
  let log = write(maxResults);
  for (;;) {
    // 1 % for gzip's framing of incompressible text.
    if (Buffer.byteLength(log.text) < limit * 0.99) return { ...log, compressedBytes: undefined };
    const compressed = gzipSize(log.text);
    if (compressed <= limit || log.results === 0) return { ...log, compressedBytes: compressed };
    log = write(Math.floor((log.results * limit * 0.9) / compressed));
  }
}
