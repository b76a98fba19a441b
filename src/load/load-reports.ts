import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { CspmError } from '../error/cspm-error.js';
import type { LoadedDocument, SkippedInput, TextSource } from '../model/document.js';
import type { ProgressOptions } from '../model/progress.js';
import { decodeText, stripBom, utf8Bytes } from './decode-text.js';
import { duplicateKeyFindings } from './duplicate-key-findings.js';
import { KeyScans, type KeyScanStart } from './key-scans.js';
import { listJsonFiles } from './list-json-files.js';
import { ownOutputKind } from './own-output.js';
import { parseJson } from './parse-json.js';
import { assertParseFits, parseHeapLeft, parseNeedsCount } from './parse-budget.js';
import { ioError } from './io-error.js';
import { readRegularFile } from './read-regular-file.js';
import { maxTextBytes, tooLarge } from './read-text-file.js';
import { readDocument, type ReadDocumentOptions } from './read-document.js';
import type { InputFormat } from './input-readers.js';
import { jsonLinesAsArray } from './json-lines.js';
import { findDuplicateKeys, type DuplicateKeyScan } from './find-duplicate-keys.js';
import type { ReadOptions } from './readers/input-reader.js';

/**
 * One input of the loader:
 * - a string: a file path, or a directory (every `*.json` inside, recursively, sorted);
 * - a file found in a directory: `{ path, listed: true }`, as the loader lists a directory's files;
 * - bytes or text: `{ text, name? }`;
 * - an already parsed value: `{ value, name? }`;
 * - a byte stream such as standard input: `{ stream, name? }`.
 */
export type ReportInput =
  | string
  | { path: string; listed?: boolean }
  | { text: string | Uint8Array; name?: string }
  | { value: unknown; name?: string }
  | { stream: AsyncIterable<Uint8Array | string>; name?: string };

/** How a stream given without a name is named in every output: standard input's name. */
export const defaultStreamName = '<stdin>';

/** How a document is read: its input format, and for other scanners' results the framework. */
export interface ReadFormatOptions {
  /** The input format to read every input as (`--from`), instead of telling it from the content. */
  from?: InputFormat;
  /** For other scanners' results: a report per compliance framework (`all`) or of the one named (`--framework`). */
  framework?: string;
}

/** Options of {@link loadReports}. */
export interface LoadOptions extends ProgressOptions, ReadFormatOptions {
  /**
   * Called (and awaited) with each text just before it is parsed. The command line uses
   * it to settle V8's heap before a large parse and to let a stop signal end the parse
   * at once (process-wide steps a library leaves to its caller).
   */
  beforeParse?: (text: string) => void | Promise<void>;
  /**
   * Told of each entry of a scanned folder that is left out: a link to a folder outside
   * it, a name that is not UTF-8 (see walkFolder), one of the tool's own outputs (an
   * HDF, SARIF, findings, trend, diff or gate --result file). The command line prints a note.
   */
  onSkip?: (skipped: SkippedInput) => void;
  /**
   * Told of the SHA-256 (hex) of each file's bytes, hashed as read (never read again for
   * it): a sharded run records what each of its inputs held (see PartialFile.sha256).
   */
  onDigest?: (path: string, sha256: string) => void;
}

/**
 * Reads, parses and unwraps every input. A report that does not parse becomes a
 * `json-syntax` finding, one that repeats a key within an object a `duplicate-key` one
 * per repeat, a JSON document that holds no report a `not-a-report` one (a warning for
 * a file found in a directory, an error for one named); a missing or unreadable file is
 * a CspmError (a problem of the tool's use, not of a report). An input of 8 MiB or more
 * is scanned for repeated keys on a worker thread while it parses (see KeyScans).
 */
export async function loadReports(
  input: ReportInput | readonly ReportInput[],
  options: LoadOptions = {},
): Promise<LoadedDocument[]> {
  const inputs: readonly ReportInput[] = Array.isArray(input) ? input : [input as ReportInput];
  const documents: LoadedDocument[] = [];
  const scans = new KeyScans();
  try {
    const reading = readingProgress(inputs.length, options);
    for (const item of inputs) {
      if (typeof item === 'string') {
        const { paths, listed } = await expandPath(item, options.onSkip);
        reading.expanded(paths.length);
        for (const path of paths) {
          keep(
            documents,
            await parseDocument(path, readInput(path, scans, options), { listed }, options, scans, path),
            listed,
            options,
          );
          reading.read();
        }
      } else if ('path' in item) {
        keep(
          documents,
          await parseDocument(
            item.path,
            readInput(item.path, scans, options),
            { listed: item.listed === true },
            options,
            scans,
            item.path,
          ),
          item.listed === true,
          options,
        );
      } else if ('value' in item) {
        documents.push(readDocument(item.name ?? '<input>', item.value, formatOf(options)));
      } else if ('text' in item) {
        const name = item.name ?? '<input>';
        const decoded =
          typeof item.text === 'string'
            ? { text: stripBom(item.text), keys: undefined }
            : decodeInput(checkSize(name, item.text), scans);
        documents.push(await parseDocument(name, decoded, {}, options, scans));
      } else {
        const name = item.name ?? defaultStreamName;
        documents.push(
          await parseDocument(name, decodeInput(await readStream(name, item.stream, scans), scans), {}, options, scans),
        );
      }
      // A directory's files were counted one by one above.
      if (typeof item !== 'string') reading.read();
    }
  } finally {
    scans.close();
  }
  return documents;
}

/**
 * Counts the inputs read for `onProgress`. The total grows as directories are listed (an
 * input not yet listed counts as one file), so it is exact once the last one is.
 */
function readingProgress(inputs: number, options: LoadOptions): { expanded(files: number): void; read(): void } {
  let total = inputs;
  let done = 0;
  const tell = (): void => options.onProgress?.({ phase: 'reading', done, total, unit: 'files' });
  tell();
  return {
    expanded(files) {
      total += files - 1;
      tell();
    },
    read() {
      done += 1;
      tell();
    },
  };
}

/**
 * Adds a loaded document to the run, unless it was found in a folder and is one of the
 * tool's own outputs (see ownOutputKind): that one is passed to `onSkip` instead. A
 * file named on its own is always checked in full.
 */
function keep(documents: LoadedDocument[], document: LoadedDocument, listed: boolean, options: LoadOptions): void {
  const kind =
    listed && document.candidates.length === 0 && document.findings.some((finding) => finding.rule === 'not-a-report')
      ? ownOutputKind(document.value)
      : undefined;
  if (kind === undefined) documents.push(document);
  else
    options.onSkip?.({ source: document.source, message: `an output of cspm-report (${kind}), not a report; skipped` });
}

/** A text decoded from its bytes, and the scan of its keys as started. */
interface DecodedInput {
  text: string;
  keys: KeyScanStart;
  /** The UTF-8 bytes the text was decoded from, when it was. */
  bytes?: Uint8Array;
}

/**
 * Reads a report file: the bytes whole (a regular file only, never more than V8 can
 * parse), then one decoding step, which also honours a byte order mark. On Node 20 this
 * is the fast way: an 87 MB report takes 130 ms so against 210 ms through
 * readFileSync(…, 'utf8'). A large file is read into shared memory, where the key
 * scan's worker reads it in place. The bytes are out of reach here once this returns
 * (the worker lets go of them when its scan ends), and the collection before the parse
 * (settle-heap.ts) returns their memory.
 */
function readInput(path: string, scans: KeyScans, options: LoadOptions): DecodedInput {
  const bytes = readRegularFile(path, maxTextBytes, (size) => tooLarge(path, size), path, scans.allocate);
  if (options.onDigest !== undefined) options.onDigest(path, createHash('sha256').update(bytes).digest('hex'));
  return decodeInput(bytes, scans);
}

function decodeInput(bytes: Uint8Array, scans: KeyScans): DecodedInput {
  const utf8 = utf8Bytes(bytes);
  // UTF-16 text is scanned as decoded, after the parse.
  const keys = utf8 === undefined ? undefined : scans.start(utf8);
  return { text: decodeText(bytes), keys, bytes: utf8 };
}

/** @param file the path a file input was read from: its text is read again if needed, not kept */
async function parseDocument(
  source: string,
  decoded: DecodedInput,
  unwrap: ReadOptions,
  options: LoadOptions,
  scans: KeyScans,
  file?: string,
): Promise<LoadedDocument> {
  const { text, keys } = decoded;
  const textSource: TextSource = file === undefined ? { text } : { path: file, length: text.length };
  await options.beforeParse?.(text);
  await assertFits(source, decoded, scans);
  // Not needed past this point, and held in no local variable: once the key scan lets
  // go of them, the collector may return their memory during the parse.
  decoded.bytes = undefined;
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const lines = jsonLinesAsArray(text);
    const parsedLines = lines === undefined ? undefined : parseJson(lines);
    // JSON Lines: its findings are placed by pointer only, as its lines are no one value to place them in.
    if (lines !== undefined && parsedLines?.ok === true)
      return withRepeatedKeys(
        readDocument(source, parsedLines.value, { ...unwrap, ...formatOf(options) }),
        findDuplicateKeys(lines),
        parsedLines.value,
      );
    return {
      source,
      form: 'unparsed',
      value: undefined,
      reportsPointer: '',
      candidates: [],
      findings: [parsed.finding],
      textSource,
    };
  }
  // Before anything reads the value: the scan may be proven needless from it as JSON.parse left it.
  const scan = await scans.finish(keys, text, parsed.value);
  return withRepeatedKeys(
    readDocument(source, parsed.value, { ...unwrap, ...formatOf(options) }),
    scan,
    parsed.value,
    textSource,
  );
}

/** The document with the keys its text repeats, as findings and as a count (see LoadedDocument.repeatedKeys). */
function withRepeatedKeys(
  document: LoadedDocument,
  scan: DuplicateKeyScan,
  value: unknown,
  textSource?: TextSource,
): LoadedDocument {
  const placed = textSource === undefined ? document : { ...document, textSource };
  if (scan.count === 0) return placed;
  return {
    ...placed,
    findings: [...duplicateKeyFindings(scan, value), ...document.findings],
    repeatedKeys: scan.count,
  };
}

/** The options that say how to read a document (its format and the framework), alone. */
export function formatOf(options: ReadFormatOptions): ReadDocumentOptions {
  return {
    ...(options.from === undefined ? {} : { from: options.from }),
    ...(options.framework === undefined ? {} : { framework: options.framework }),
  };
}

/**
 * assertParseFits, its count of a large text shared with the text's key scan worker
 * (see KeyScans.countUnits). A function of its own, so that no variable of the caller
 * holds the bytes during the parse.
 */
async function assertFits(source: string, decoded: DecodedInput, scans: KeyScans): Promise<void> {
  const heap = parseHeapLeft();
  const units = decoded.bytes;
  if (units === undefined) return assertParseFits(source, decoded.text, heap);
  const counts = parseNeedsCount(units.length, heap) ? await scans.countUnits(decoded.keys, units) : undefined;
  assertParseFits(source, { units, encoding: 'utf8' }, heap, counts);
}

/**
 * The inputs with every directory replaced by the `*.json` files in it (sorted), each
 * marked as found in a directory, so that a job can read them one at a time and treat a
 * stray JSON file among them as `check DIR` does.
 *
 * @throws CspmError for a path that does not exist or cannot be read, or a directory with no `*.json` file
 */
export async function expandInputs(
  inputs: readonly ReportInput[],
  onSkip?: (skipped: SkippedInput) => void,
): Promise<ReportInput[]> {
  const expanded: ReportInput[] = [];
  for (const input of inputs) {
    if (typeof input !== 'string') expanded.push(input);
    else {
      const { paths, listed } = await expandPath(input, onSkip);
      // A loop, not push(...): a folder may list more files than a call takes arguments.
      for (const path of paths) expanded.push(listed ? { path, listed } : path);
    }
  }
  return expanded;
}

/** The files of a path argument, and whether they were found by listing a directory. */
async function expandPath(
  path: string,
  onSkip: ((skipped: SkippedInput) => void) | undefined,
): Promise<{ paths: string[]; listed: boolean }> {
  const info = await stat(path).catch((error: unknown) => {
    throw ioError(path, error);
  });
  if (!info.isDirectory()) return { paths: [path], listed: false };
  let listing;
  try {
    listing = listJsonFiles(path);
  } catch (error) {
    throw ioError(path, error);
  }
  for (const skipped of listing.skipped) onSkip?.(skipped);
  if (listing.files.length === 0) throw new CspmError('input-empty-dir', path, { data: { path } });
  return { paths: listing.files, listed: true };
}

async function readStream(
  name: string,
  stream: AsyncIterable<Uint8Array | string>,
  scans: KeyScans,
): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer =
      typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    size += buffer.byteLength;
    // Stop reading early: a stream has no size to check up front.
    if (size > maxTextBytes) throw tooLarge(name, size);
    chunks.push(buffer);
  }
  // Joined where the key scan wants it: in shared memory when large.
  const bytes = scans.allocate(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function checkSize(name: string, bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength > maxTextBytes) throw tooLarge(name, bytes.byteLength);
  return bytes;
}
