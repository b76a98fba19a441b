import { basename, dirname, extname, join } from 'node:path';
import type { DocumentFormat } from '../../model/renderer.js';
import { getRenderer } from '../../render/renderers.js';
import { describeTarget, type FetchTarget } from '../fetch-reports.js';
import type { PlannedOutput } from '../output-guard.js';
import { reportFileName } from './report-file-name.js';

/** Where a run puts what it fetches: `output` for one report, `outDir` for one or many. */
export interface ReportPlace {
  /** The envelope's file for one report; `-` (the default) is standard output, and the documents then go nowhere. */
  output?: string | undefined;
  /** The folder every report's files go into, named after its ids. */
  outDir?: string | undefined;
  /** The documents to render beside each envelope. */
  formats: readonly DocumentFormat[];
}

/** Where one fetched report goes: its envelope (a file or `-`) and each document. */
export interface PlacedReport {
  target: FetchTarget;
  /** The envelope's file, or `-` for standard output. */
  envelope: string;
  /** The name findings and documents give the report: the file, or the ids for standard output. */
  name: string;
  documents: { format: DocumentFormat; path: string }[];
  /** The `outDir` the files go under, below which no link is written through. */
  root?: string;
}

/**
 * The files of one report. Under `outDir` every file is named after the report's ids
 * (`<account>_<benchmark>_<job>.json`, `.pdf`…); with an `output` file the documents go
 * beside it under its base name; `-` writes the envelope to standard output.
 */
export function placeReport(target: FetchTarget, place: ReportPlace): PlacedReport {
  if (place.outDir !== undefined) {
    const base = join(place.outDir, reportFileName(target));
    return {
      target,
      envelope: `${base}.json`,
      name: `${base}.json`,
      documents: place.formats.map((format) => ({ format, path: `${base}.${getRenderer(format).extension}` })),
      root: place.outDir,
    };
  }
  const output = place.output ?? '-';
  if (output === '-') return { target, envelope: output, name: describeTarget(target), documents: [] };
  const base = join(dirname(output), basename(output, extname(output)));
  return {
    target,
    envelope: output,
    name: output,
    documents: place.formats.map((format) => ({ format, path: `${base}.${getRenderer(format).extension}` })),
  };
}

/** Every file the reports will be written to, for the output guard. */
export function plannedFiles(reports: readonly PlacedReport[]): PlannedOutput[] {
  return reports.flatMap((report) => {
    const from = describeTarget(report.target);
    const envelope = report.envelope === '-' ? [] : [{ path: report.envelope, from }];
    return [...envelope, ...report.documents.map(({ path }) => ({ path, from }))];
  });
}
