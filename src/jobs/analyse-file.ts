import { analyseDocument, type DocumentAnalysis } from '../analyse/analyse-reports.js';
import { keepFigures, type KeptPolicySelection } from '../analyse/keep-figures.js';
import {
  formatOf,
  loadReports,
  type LoadOptions,
  type ReadFormatOptions,
  type ReportInput,
} from '../load/load-reports.js';
import type { AnalysedSource, AnalyseOptions } from '../model/analysis.js';
import type { FleetFigures } from '../model/fleet.js';
import { addFleetReport, createFleetFigures } from '../analyse/fleet/add-fleet-report.js';
import type { SkippedInput, TextSource, ValidatedDocument } from '../model/document.js';
import { validateReports } from '../validate/validate-documents.js';

/** Options of {@link analyseFile}: what every file of a run is analysed with. */
export interface FileAnalysisOptions extends AnalyseOptions, ReadFormatOptions {
  /** The policies kept besides the figures (see keepFigures). */
  keep?: KeptPolicySelection;
  /** Also make the file's fleet figures (see addFleetReport), which need its policies, before they are let go. */
  fleet?: boolean;
  /** False when no finding will be placed on a line: where the text is is then not kept. */
  placeFindings?: boolean;
}

/** One input after its analysis: its figures and findings, or the note that it was left out. */
export type FileOutcome =
  | {
      kind: 'analysed';
      document: DocumentAnalysis;
      /** Where its text can be had again, to place findings on lines (see placeFindings). */
      textSource?: TextSource;
      /** The file's fleet figures, when asked for. */
      fleet?: FleetFigures;
      /** SHA-256 (hex) of the file's bytes as read; absent for an input that is no file. */
      sha256?: string;
    }
  | { kind: 'skipped'; skipped: SkippedInput; sha256?: string }
  /** Handed to a caller's onOutcome (see AnalyseFilesOptions), which kept what it needed of it. */
  | { kind: 'taken' };

/**
 * Loads, validates and analyses one input, then lets its policies go (keepFigures): what
 * a run over many files does for each, on this thread or a worker's. The rules across
 * inputs run later, over every file's outcome in input order.
 *
 * @throws CspmError for an input that cannot be read, as loadReports does
 */
export async function analyseFile(
  input: ReportInput,
  options: FileAnalysisOptions,
  load: Pick<LoadOptions, 'beforeParse'> = {},
): Promise<FileOutcome> {
  let skipped: SkippedInput | undefined;
  let sha256: string | undefined;
  const [loaded] = await loadReports(input, {
    ...load,
    ...formatOf(options),
    onSkip: (note) => {
      skipped = note;
    },
    onDigest: (_, digest) => {
      sha256 = digest;
    },
  });
  const digest = sha256 === undefined ? {} : { sha256 };
  if (loaded === undefined) return { kind: 'skipped', skipped: skipped as SkippedInput, ...digest };
  const validated = validateReports([loaded])[0] as ValidatedDocument;
  const analysed = analyseDocument(validated, options);
  const fleet = options.fleet === true ? fleetOf(analysed.source, options) : undefined;
  const document: DocumentAnalysis = { ...analysed, source: keepFigures(analysed.source, options.keep) };
  return {
    kind: 'analysed',
    document,
    ...(loaded.textSource === undefined || options.placeFindings === false ? {} : { textSource: loaded.textSource }),
    ...(fleet === undefined ? {} : { fleet }),
    ...digest,
  };
}

function fleetOf(source: AnalysedSource, options: FileAnalysisOptions): FleetFigures {
  const fleet = createFleetFigures(options.percentFormula);
  for (const report of source.reports) addFleetReport(fleet, source.source, report);
  return fleet;
}
