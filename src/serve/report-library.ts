import { fileURLToPath } from 'node:url';
import { CspmError } from '../error/cspm-error.js';
import { loadReports } from '../load/load-reports.js';
import { walkFolder } from '../load/walk-folder.js';
import type { BenchmarkReport } from '../model/report.js';
import { validateReports } from '../validate/validate-documents.js';

/** A benchmark the emulator can serve for an account kind. */
export interface ServedBenchmark {
  name: string;
  benchmarkId: string;
}

/** The reports an emulator serves, one per ConnectorType and BenchmarkId. */
export interface ReportLibrary {
  /** The report of `benchmarkId` for accounts of `connectorType`, if there is one. */
  find(connectorType: string, benchmarkId: string): BenchmarkReport | undefined;
  /** The benchmarks served for accounts of `connectorType`, in file order. */
  benchmarks(connectorType: string): ServedBenchmark[];
  /** Number of reports served. */
  size: number;
  /** Reports left out: not schema-valid, or a second one of the same kind and benchmark. */
  skipped: { source: string; pointer: string; reason: string }[];
}

/**
 * Loads the `*.json` files directly inside `dir` (sub-folders are not read, so that
 * samples/broken/ stays out) and keeps the schema-valid reports, the first of each
 * ConnectorType and BenchmarkId in file-name order. A link to a report is served as the
 * report would be, as a folder scan reads it (see walkFolder); a name that is not UTF-8
 * is listed as skipped.
 */
export async function loadReportLibrary(dir: string | URL): Promise<ReportLibrary> {
  const path = typeof dir === 'string' ? dir : fileURLToPath(dir);
  let listing;
  try {
    listing = walkFolder(path, (name) => name.toLowerCase().endsWith('.json'), false);
  } catch (error) {
    throw new CspmError('input-not-found', `${path} (the reports directory)`, { cause: error, data: { path } });
  }
  if (listing.files.length === 0)
    throw new CspmError('input-empty-dir', `${path} holds no *.json report`, { data: { path } });
  const documents = validateReports(await loadReports(listing.files));
  const byKey = new Map<string, BenchmarkReport>();
  const skipped: ReportLibrary['skipped'] = listing.skipped.map(({ source, message }) => ({
    source,
    pointer: '',
    reason: message,
  }));
  for (const document of documents) {
    if (document.reports.length < document.reportCount)
      skipped.push({
        source: document.source,
        pointer: document.reportsPointer,
        reason: 'not every report is schema-valid',
      });
    for (const { pointer, report } of document.reports) {
      const key = `${report.ConnectorType}\u0000${report.BenchmarkId}`;
      if (byKey.has(key))
        skipped.push({
          source: document.source,
          pointer,
          reason: `an earlier file has the ${report.ConnectorType} report of ${report.BenchmarkId}`,
        });
      else byKey.set(key, report);
    }
  }
  return {
    find: (connectorType, benchmarkId) => byKey.get(`${connectorType}\u0000${benchmarkId}`),
    benchmarks: (connectorType) =>
      [...byKey.values()]
        .filter((report) => report.ConnectorType === connectorType)
        .map((report) => ({ name: report.BenchmarkName, benchmarkId: report.BenchmarkId })),
    size: byKey.size,
    skipped,
  };
}
