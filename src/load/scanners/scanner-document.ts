import type { LoadedDocument } from '../../model/document.js';
import type { Finding } from '../../model/finding.js';
import type { ScanResult, ScannerInfo } from '../../model/scan-result.js';
import type { ReadOptions } from '../readers/input-reader.js';
import { buildReports } from './build-reports.js';

/**
 * The document a scanner's file is once read: the reports built from its results as
 * the candidates, the reader's findings (values it could not map, muted results) and
 * the builder's. `value` stays the file's own, so that the reader's findings point into
 * it; the built reports are addressed from the document's root (`/0`, `/1`, …) as an
 * array of reports would be.
 */
export function scannerDocument(
  source: string,
  value: unknown,
  read: { results: readonly ScanResult[]; findings: readonly Finding[]; info: ScannerInfo },
  options: ReadOptions,
): LoadedDocument {
  const built = buildReports(
    read.results,
    read.info,
    options.framework === undefined ? {} : { framework: options.framework },
  );
  const findings = [...read.findings, ...built.findings];
  if (read.results.length === 0) findings.push(noResults(read.info));
  return {
    source,
    form: 'array',
    value,
    reportsPointer: '',
    candidates: built.reports,
    findings,
    builtFrom: read.info.format,
  };
}

/** A scanner's file with no result: nothing was scanned, and a gate must not pass on it. */
function noResults(info: ScannerInfo): Finding {
  return {
    rule: 'scanner-value',
    severity: 'error',
    pointer: '',
    message: `the ${info.tool} results hold no finding: nothing was scanned, so there is no report to judge`,
    expected: 'at least one finding',
    actual: 0,
  };
}
