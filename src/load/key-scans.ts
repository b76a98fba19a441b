import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../package-root.js';
import type { KeyScanReply, KeyScanRequest } from './duplicate-key-worker.js';
import {
  duplicateKeyLimit,
  findDuplicateKeys,
  findDuplicateKeysIn,
  type DuplicateKeyScan,
} from './find-duplicate-keys.js';
import type { EncodedText } from './json-units.js';
import { addCounts, countUnits } from './json-shape-bound.js';
import { parseHeapLeft, parseNeedsCount } from './parse-budget.js';
import { provesNoRepeatedKeys } from './repeated-key-proof.js';
import { lendReadBuffer, returnReadBuffer } from './byte-counts.js';

/**
 * From this many bytes on, an input is scanned for repeated keys on a worker thread
 * while the main thread decodes and parses it. Below it, the scan on the main thread
 * (about 2 ms a megabyte) costs less than the worker's start-up (about 30 ms of its
 * own thread) that the parse would then wait for.
 */
export const parallelScanBytes = 8 * 2 ** 20;

/**
 * How a document's keys get scanned: a scan under way (and the count of its bytes from
 * `from` on, for the parse budget, when its worker was asked for it), units to scan
 * after the parse, or (undefined) the text itself.
 */
export type KeyScanStart =
  { pending: Promise<DuplicateKeyScan | undefined>; counted?: PartCount } | { units: EncodedText } | undefined;

/** The counts of a text's units from `from` on (see countUnits), made by a worker. */
export interface PartCount {
  from: number;
  counts: Promise<Uint32Array | undefined>;
}

/**
 * Where a worker starts counting the bytes of a text for the parse budget: half way,
 * so that the main thread counts the first half once it has decoded the text, while
 * the worker counts the second; undefined when the budget will not count the text (it
 * is small beside the heap left, decoded text included).
 */
export function halfOfParseCount(length: number): number | undefined {
  return parseNeedsCount(length, parseHeapLeft() - 2 * length) ? Math.floor(length / 2) : undefined;
}

/**
 * The repeated-key scans of one load. The scan of a large input is exact and costs
 * about half as much as JSON.parse; on the main thread it would add that to every
 * check, so it runs on a worker thread beside the parse, reading the bytes where they
 * were read to (shared memory, nothing copied). A worker serves one input: it starts
 * when the input is about to be read, so that it boots during the read, and ends
 * itself with its answer, which lets go of the bytes while the parse goes on (the main
 * thread, busy parsing, could not end it before). Should a worker fail to start or die
 * (or not exist, in a source tree before a build), the text is scanned on the main
 * thread: the result is the same, only slower.
 */
export class KeyScans {
  /** The worker started for the input being read. */
  private ready: Worker | undefined;
  private failed = false;
  private readonly workers = new Set<Worker>();
  /** The read buffers lent for this load's inputs (see lendReadBuffer), given back once their keys are judged. */
  private lent: Uint8Array[] = [];

  /**
   * @param parallelFrom the size from which inputs are scanned on a worker
   * @param countFrom    where a worker counts the bytes of an input of a given size from, if at all
   */
  constructor(
    private readonly parallelFrom = parallelScanBytes,
    private readonly countFrom: (length: number) => number | undefined = halfOfParseCount,
  ) {}

  /**
   * A buffer of `size` bytes to read an input into: in shared memory when the input
   * will go to a worker, which is then started, to boot while the input is read; for a
   * smaller one, in the memory where its quotes are counted (see lendReadBuffer), held
   * until its keys are judged (finish) or the load ends (close).
   */
  readonly allocate = (size: number): Buffer => {
    if (size >= this.parallelFrom && !this.failed) this.ready ??= this.startWorker();
    if (this.ready) return sharedBytes(size);
    const lent = size < this.parallelFrom ? lendReadBuffer(size) : undefined;
    if (lent === undefined) return Buffer.allocUnsafe(size);
    this.lent.push(lent);
    return lent;
  };

  /**
   * Starts the scan of a UTF-8 input (its bytes without a byte order mark). A large one
   * goes to a worker now, copied into shared memory if it is not there yet; a small
   * one is kept to be scanned after the parse (only text that parses is scanned).
   */
  start(bytes: Uint8Array): KeyScanStart {
    if (bytes.byteLength < this.parallelFrom) return { units: { units: bytes, encoding: 'utf8' } };
    const worker = this.ready ?? (this.failed ? undefined : this.startWorker());
    this.ready = undefined;
    if (worker === undefined) return undefined;
    let shared = bytes;
    if (!(bytes.buffer instanceof SharedArrayBuffer)) {
      shared = sharedBytes(bytes.byteLength);
      shared.set(bytes);
    }
    return scanOn(worker, shared, this.countFrom(shared.byteLength));
  }

  /**
   * The counts of a text's units for the parse budget (see countUnits): those its
   * worker makes from where it was asked to, added to those made here up to there.
   * Undefined when no worker counts part of the text: the budget counts it all.
   */
  async countUnits(start: KeyScanStart, units: EncodedText['units']): Promise<Uint32Array | undefined> {
    if (start === undefined || !('pending' in start) || start.counted === undefined) return undefined;
    const { from, counts } = start.counted;
    const own = countUnits(units, 0, from);
    return addCounts(own, (await counts) ?? countUnits(units, from));
  }

  /**
   * The scan of a text that parsed as `value`: awaits its worker's, or makes it now,
   * unless the parsed value proves that no key repeats (see provesNoRepeatedKeys),
   * which costs a fraction of a scan. A worker's scan, already under way, is awaited.
   */
  async finish(start: KeyScanStart, text: string, value: unknown): Promise<DuplicateKeyScan> {
    if (start !== undefined && 'pending' in start) return (await start.pending) ?? findDuplicateKeys(text);
    try {
      const bytes =
        start !== undefined && start.units.encoding === 'utf8' ? (start.units.units as Uint8Array) : undefined;
      if (provesNoRepeatedKeys(text, value, bytes)) return { count: 0, duplicates: [] };
      return start === undefined ? findDuplicateKeys(text) : findDuplicateKeysIn(start.units);
    } finally {
      // The input's bytes were read for the last time above.
      this.giveBack();
    }
  }

  /**
   * Ends the workers still running (those of texts that did not parse, or of a read that failed), and gives back the
   * read buffers.
   */
  close(): void {
    this.giveBack();
    this.ready = undefined;
    for (const worker of this.workers) void worker.terminate();
    this.workers.clear();
  }

  private giveBack(): void {
    for (const buffer of this.lent) returnReadBuffer(buffer);
    this.lent = [];
  }

  private startWorker(): Worker | undefined {
    const entry = fileURLToPath(new URL('dist/load/duplicate-key-worker.js', packageRoot));
    if (!existsSync(entry)) {
      this.failed = true;
      return undefined;
    }
    // No execArgv: the process's flags and preloaded modules are not the scanner's business.
    const worker = new Worker(entry, { execArgv: [] });
    // Idle, it must not keep a program alive (see scanOn).
    worker.unref();
    this.workers.add(worker);
    worker.once('error', () => {
      this.failed = true;
    });
    worker.once('exit', () => this.workers.delete(worker));
    return worker;
  }
}

/**
 * The worker's scan of `bytes`, or undefined when it failed: never a rejection, which
 * nobody might be waiting to catch (the scan of a text that does not parse is dropped);
 * and, with `countFrom`, its counts of the bytes from there on, or undefined likewise.
 * The listeners must not reach `bytes` (they live until the main thread, busy parsing,
 * takes the answer), so the request is posted outside the promises' executors.
 */
function scanOn(
  worker: Worker,
  bytes: Uint8Array,
  countFrom: number | undefined,
): { pending: Promise<DuplicateKeyScan | undefined>; counted?: PartCount } {
  let counted: (counts: Uint32Array | undefined) => void = () => undefined;
  const counts = new Promise<Uint32Array | undefined>((resolve) => {
    counted = resolve;
  });
  const pending = new Promise<DuplicateKeyScan | undefined>((resolve) => {
    const answer = (reply: KeyScanReply): void => {
      if ('counts' in reply) {
        counted(reply.counts);
        return;
      }
      worker.off('message', answer);
      counted(undefined);
      resolve('scan' in reply ? reply.scan : undefined);
    };
    worker.on('message', answer);
    // After an answer these settle nothing.
    const failed = (): void => {
      counted(undefined);
      resolve(undefined);
    };
    worker.once('error', failed);
    worker.once('exit', failed);
  });
  // Held while it scans: an awaited answer must keep the process alive.
  worker.ref();
  const request: KeyScanRequest =
    countFrom === undefined ? { bytes, limit: duplicateKeyLimit } : { bytes, limit: duplicateKeyLimit, countFrom };
  worker.postMessage(request);
  return countFrom === undefined ? { pending } : { pending, counted: { from: countFrom, counts } };
}

/** A buffer of `size` bytes in memory that a worker thread can read in place. */
function sharedBytes(size: number): Buffer {
  return Buffer.from(new SharedArrayBuffer(size));
}
