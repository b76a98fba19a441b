import { stat } from 'node:fs/promises';
import { CspmError } from '../error/cspm-error.js';
import type { LoadedDocument } from '../model/document.js';
import { decodeText, stripBom } from './decode-text.js';
import { listJsonFiles } from './list-json-files.js';
import { parseJson } from './parse-json.js';
import { ioError } from './io-error.js';
import { maxTextBytes, readTextFile, tooLarge } from './read-text-file.js';
import { unwrapDocument, type UnwrapOptions } from './unwrap-document.js';

/**
 * One input of the loader:
 * - a string: a file path, or a directory (every `*.json` inside, recursively, sorted);
 * - a file found in a directory: `{ path, listed: true }` (see {@link expandInputs});
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

/** Options of {@link loadReports}. */
export interface LoadOptions {
  /**
   * Called with each text just before it is parsed. The command line uses it to settle
   * V8's heap before a large parse (a process-wide step a library leaves to its caller).
   */
  beforeParse?: (text: string) => void;
}

/**
 * Reads, parses and unwraps every input. A report that does not parse becomes a
 * `json-syntax` finding, a JSON document that holds no report a `not-a-report` one
 * (a warning for a file found in a directory, an error for one named); a missing or
 * unreadable file is a CspmError (a problem of the tool's use, not of a report).
 */
export async function loadReports(input: ReportInput | readonly ReportInput[], options: LoadOptions = {}): Promise<LoadedDocument[]> {
  const inputs: readonly ReportInput[] = Array.isArray(input) ? input : [input as ReportInput];
  const documents: LoadedDocument[] = [];
  const fromText = (source: string, text: string, unwrap: UnwrapOptions = {}): LoadedDocument => {
    options.beforeParse?.(text);
    return parseDocument(source, text, unwrap);
  };
  for (const item of inputs) {
    if (typeof item === 'string') {
      const { paths, listed } = await expandPath(item);
      for (const path of paths) documents.push(fromText(path, readTextFile(path), { listed }));
    } else if ('path' in item) {
      documents.push(fromText(item.path, readTextFile(item.path), { listed: item.listed === true }));
    } else if ('value' in item) {
      documents.push(unwrapDocument(item.name ?? '<input>', item.value));
    } else if ('text' in item) {
      const name = item.name ?? '<input>';
      documents.push(fromText(name, typeof item.text === 'string' ? stripBom(item.text) : decodeText(checkSize(name, item.text))));
    } else {
      const name = item.name ?? '<stdin>';
      documents.push(fromText(name, decodeText(await readStream(name, item.stream))));
    }
  }
  return documents;
}

function parseDocument(source: string, text: string, options: UnwrapOptions): LoadedDocument {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    return { source, form: 'unparsed', value: undefined, reportsPointer: '', candidates: [], findings: [parsed.finding] };
  }
  return unwrapDocument(source, parsed.value, options);
}

/**
 * The inputs with every directory replaced by the `*.json` files in it (sorted), each
 * marked as found in a directory, so that a job can read them one at a time and treat a
 * stray JSON file among them as `check DIR` does.
 *
 * @throws CspmError for a path that does not exist or cannot be read, or a directory with no `*.json` file
 */
export async function expandInputs(inputs: readonly ReportInput[]): Promise<ReportInput[]> {
  const expanded: ReportInput[] = [];
  for (const input of inputs) {
    if (typeof input !== 'string') expanded.push(input);
    else {
      const { paths, listed } = await expandPath(input);
      expanded.push(...(listed ? paths.map((path) => ({ path, listed })) : paths));
    }
  }
  return expanded;
}

/** The files of a path argument, and whether they were found by listing a directory. */
async function expandPath(path: string): Promise<{ paths: string[]; listed: boolean }> {
  const info = await stat(path).catch((error: unknown) => {
    throw ioError(path, error);
  });
  if (!info.isDirectory()) return { paths: [path], listed: false };
  const files = await listJsonFiles(path).catch((error: unknown) => {
    throw ioError(path, error);
  });
  if (files.length === 0) throw new CspmError('input-empty-dir', path, { data: { path } });
  return { paths: files, listed: true };
}

async function readStream(name: string, stream: AsyncIterable<Uint8Array | string>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    size += buffer.byteLength;
    // Stop reading early: a stream has no size to check up front.
    if (size > maxTextBytes) throw tooLarge(name, size);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function checkSize(name: string, bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength > maxTextBytes) throw tooLarge(name, bytes.byteLength);
  return bytes;
}
