/**
 * The entry of a worker thread that scans a large input for repeated keys while the
 * main thread parses it (see key-scans.ts). It reads the bytes in place, in the memory
 * it shares with the main thread, answers with its scan, and ends: nothing else keeps
 * it running once its one listener is gone, and its end releases the bytes.
 */
import { parentPort } from 'node:worker_threads';
import { findDuplicateKeysIn, type DuplicateKeyScan } from './find-duplicate-keys.js';

/** A request: the UTF-8 bytes of a text (byte order mark dropped), in shared memory. */
export interface KeyScanRequest {
  bytes: Uint8Array;
  limit: number;
}

/** The answer to a {@link KeyScanRequest}: its scan, or why it failed. */
export type KeyScanReply = { scan: DuplicateKeyScan } | { error: string };

parentPort?.once('message', ({ bytes, limit }: KeyScanRequest) => {
  let reply: KeyScanReply;
  try {
    reply = { scan: findDuplicateKeysIn({ units: bytes, encoding: 'utf8' }, limit) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
