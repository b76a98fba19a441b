import type { LoadedDocument } from '../model/document.js';
import { inputReaders, type InputFormat } from './input-readers.js';
import type { ReadOptions } from './readers/input-reader.js';

/** How the loader reads a parsed value: where it was found, and the format when the user forces one. */
export interface ReadDocumentOptions extends ReadOptions {
  /** The input format to read with (`--from`), instead of asking each reader in turn. */
  from?: InputFormat;
}

/** Every input format's name (`--from`), in the order the loader tries them. */
export function inputFormatNames(): InputFormat[] {
  return Object.keys(inputReaders) as InputFormat[];
}

/**
 * The document a parsed value is, read by the first input format that recognises it, in
 * the registry's order (inputReaders), or by the one `from` names. The service's reader,
 * last, reads any JSON, so every value gets a document; one that holds no report
 * carries a not-a-report finding, which names every format that was tried.
 */
export function readDocument(source: string, value: unknown, options: ReadDocumentOptions = {}): LoadedDocument {
  const format = options.from ?? inputFormatNames().find((name) => inputReaders[name].recognises(value)) ?? 'cspm';
  const document = inputReaders[format].read(source, value, options);
  if (options.from !== undefined || !document.findings.some((finding) => finding.rule === 'not-a-report'))
    return document;
  return { ...document, findings: document.findings.map(namingFormatsTried) };
}

/** The not-a-report finding with the formats that were asked whether the document is theirs. */
function namingFormatsTried(finding: LoadedDocument['findings'][number]): LoadedDocument['findings'][number] {
  if (finding.rule !== 'not-a-report') return finding;
  return {
    ...finding,
    message: `${finding.message} (formats tried: ${inputFormatNames().join(', ')}; force one with --from)`,
  };
}
