import { basename, dirname, extname, join } from 'node:path';
import { type DocumentFormat } from '../../index.js';
import { getRenderer } from '../../internal.js';
import { isStandardOutput } from '../write-output.js';
import { describeTarget, type FetchTarget } from './fetch-target.js';
import type { PlacedReport } from './fetch-report.js';
import { reportFileName } from './report-file-name.js';

/** Where a run puts what it fetches: `-o` for one report, `--out-dir` for one or many. */
export interface ReportPlace {
  output: string | undefined;
  outDir: string | undefined;
  formats: readonly DocumentFormat[];
}

/**
 * The files of one report. Under `--out-dir` every file is named after the report's ids
 * (`<account>_<benchmark>_<job>.json`, `.pdf`…); with `-o FILE` the documents go
 * beside it under its base name; `-o -` writes the envelope to standard output.
 */
export function placeReport(target: FetchTarget, place: ReportPlace): PlacedReport {
  if (place.outDir !== undefined) {
    const base = join(place.outDir, reportFileName(target));
    return { target, envelope: `${base}.json`, name: `${base}.json`, documents: place.formats.map((format) => ({ format, path: `${base}.${getRenderer(format).extension}` })), root: place.outDir };
  }
  const output = place.output ?? '-';
  if (isStandardOutput(output)) return { target, envelope: output, name: describeTarget(target), documents: [] };
  const base = join(dirname(output), basename(output, extname(output)));
  return { target, envelope: output, name: output, documents: place.formats.map((format) => ({ format, path: `${base}.${getRenderer(format).extension}` })) };
}

/** Every file the reports will be written to, for the output guard. */
export function plannedFiles(reports: readonly PlacedReport[]): { path: string; from: string }[] {
  return reports.flatMap((report) => {
    const from = describeTarget(report.target);
    const envelope = isStandardOutput(report.envelope) ? [] : [{ path: report.envelope, from }];
    return [...envelope, ...report.documents.map(({ path }) => ({ path, from }))];
  });
}
