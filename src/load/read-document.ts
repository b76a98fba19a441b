import type { LoadedDocument } from '../model/document.js';
import { inputReaders } from './input-readers.js';
import type { ReadOptions } from './readers/input-reader.js';
import { serviceReportReader } from './readers/service-reports.js';

/**
 * The document a parsed value is, read by the first input format that recognises it, in
 * the registry's order (inputReaders). The service's reader, last, reads any JSON, so
 * every value gets a document; one that holds no report carries a not-a-report finding.
 */
export function readDocument(source: string, value: unknown, options: ReadOptions = {}): LoadedDocument {
  const reader = Object.values(inputReaders).find((candidate) => candidate.recognises(value)) ?? serviceReportReader;
  return reader.read(source, value, options);
}
