import { byteCountsWasm } from './generated/byte-counts-wasm.js';

/** The `"` and `\` bytes of a text's UTF-8 (see {@link countQuotes}). */
export interface QuoteCounts {
  quotes: number;
  backslashes: number;
}

/** The exports of src/load/wasm/byte-counts.wat: one counter, with a memory of its own. */
interface ByteCounter {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  quotes(start: number, length: number): number;
  backslashes: { value: number };
}

/** What this file uses of the WebAssembly API (in Node's globals, not in the ES library types). */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

const pageBytes = 65_536;

/** The module, compiled at the first count; null where WebAssembly cannot run (node --jitless). */
let compiled: object | null | undefined;

/** This thread's counters that nobody holds: each holds at most one read buffer or one count at a time. */
const idle: ByteCounter[] = [];

/** The counters whose memory holds a read buffer lent out (see lendReadBuffer), by that memory. */
const lent = new Map<ArrayBuffer, ByteCounter>();

/**
 * The `"` and `\` bytes of UTF-8 text. WebAssembly counts sixteen bytes at a time: for
 * a report of a megabyte, some 0.04 ms where a loop of indexOf over the decoded text
 * takes 1 ms. Bytes read into a lent buffer (see lendReadBuffer) are counted where they
 * are; others are copied into a counter's memory first (0.1 ms a megabyte). Where
 * WebAssembly cannot run, or its memory cannot grow to the text, they are counted
 * here, with the same result.
 */
export function countQuotes(bytes: Uint8Array): QuoteCounts {
  const holder = lent.get(bytes.buffer as ArrayBuffer);
  if (holder !== undefined) return counted(holder, bytes.byteOffset, bytes.byteLength);
  const counter = takeCounter(bytes.byteLength);
  if (counter === undefined) return countedHere(bytes);
  try {
    new Uint8Array(counter.memory.buffer, 0, bytes.byteLength).set(bytes);
    return counted(counter, 0, bytes.byteLength);
  } finally {
    idle.push(counter);
  }
}

/**
 * A buffer of `size` bytes for a file to be read into, in the memory of a counter that
 * is then held for it: {@link countQuotes} counts its bytes in place, with no copy and
 * no new memory for each file of a fleet. Undefined where WebAssembly cannot run. The
 * buffer must be given back ({@link returnReadBuffer}) once its bytes are read for the
 * last time: the counter's memory may then grow for another file, which empties every
 * view of it.
 */
export function lendReadBuffer(size: number): Buffer | undefined {
  const counter = takeCounter(size);
  if (counter === undefined) return undefined;
  lent.set(counter.memory.buffer, counter);
  return Buffer.from(counter.memory.buffer, 0, size);
}

/** Gives back a buffer of {@link lendReadBuffer} (or a view of it); any other is left alone. */
export function returnReadBuffer(buffer: Uint8Array): void {
  const memory = buffer.buffer as ArrayBuffer;
  const counter = lent.get(memory);
  if (counter === undefined) return;
  lent.delete(memory);
  idle.push(counter);
}

function counted(counter: ByteCounter, start: number, length: number): QuoteCounts {
  const quotes = counter.quotes(start, length);
  return { quotes, backslashes: counter.backslashes.value };
}

/** A counter nobody holds, its memory grown to hold `length` bytes; undefined when there is none or it cannot grow. */
function takeCounter(length: number): ByteCounter | undefined {
  const counter = idle.pop() ?? newCounter();
  if (counter === undefined) return undefined;
  const missing = Math.ceil((length - counter.memory.buffer.byteLength) / pageBytes);
  if (missing > 0) {
    try {
      counter.memory.grow(missing);
    } catch {
      idle.push(counter);
      return undefined;
    }
  }
  return counter;
}

function newCounter(): ByteCounter | undefined {
  const api = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly;
  if (compiled === undefined) {
    try {
      compiled = api === undefined ? null : new api.Module(Buffer.from(byteCountsWasm, 'base64'));
    } catch {
      compiled = null;
    }
  }
  if (compiled === null || api === undefined) return undefined;
  return new api.Instance(compiled).exports as ByteCounter;
}

function countedHere(bytes: Uint8Array): QuoteCounts {
  let quotes = 0;
  let backslashes = 0;
  for (const byte of bytes) {
    if (byte === 0x22) quotes += 1;
    else if (byte === 0x5c) backslashes += 1;
  }
  return { quotes, backslashes };
}
