import type { InputReader } from './readers/input-reader.js';
import { serviceReportReader } from './readers/service-reports.js';

/**
 * Every input format by its name, in the order the loader asks them whether a document
 * is theirs (see readDocument): a new format is a reader in readers/ and a line here,
 * before the service's own, which reads any JSON and so comes last.
 */
export const inputReaders: Readonly<Record<string, InputReader>> = {
  cspm: serviceReportReader,
};
