/**
 * The entry of a worker thread that scans a large input for repeated keys while the
 * main thread parses it (see key-scans.ts); when asked, it first counts the characters
 * of part of it for the parse budget, while the main thread decodes it. It reads the
 * bytes in place, in the memory it shares with the main thread, answers with its scan,
 * and ends: nothing else keeps it running once its one listener is gone, and its end
 * releases the bytes.
 */
import { parentPort } from 'node:worker_threads';
import { findDuplicateKeysIn, type DuplicateKeyScan } from './find-duplicate-keys.js';
import { countUnits } from './json-shape-bound.js';

/**
 * A request: the UTF-8 bytes of a text (byte order mark dropped), in shared memory;
 * with `countFrom`, the bytes from there on are counted first, for the parse budget.
 */
export interface KeyScanRequest {
  bytes: Uint8Array;
  limit: number;
  countFrom?: number;
}

/**
 * The answers to a {@link KeyScanRequest}: the counts of its bytes from `countFrom`
 * (see countUnits) when asked for, then its scan, or why it failed.
 */
export type KeyScanReply = { counts: Uint32Array } | { scan: DuplicateKeyScan } | { error: string };

parentPort?.once('message', ({ bytes, limit, countFrom }: KeyScanRequest) => {
  let reply: KeyScanReply;
  try {
    if (countFrom !== undefined)
      parentPort?.postMessage({ counts: countUnits(bytes, countFrom) } satisfies KeyScanReply);
    reply = { scan: findDuplicateKeysIn({ units: bytes, encoding: 'utf8' }, limit) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
