import type { Analysis } from './analysis.js';
import type { CsvFieldName } from './csv-fields.js';
import type { DiffResult } from './diff.js';
import type { AcceptedRisks } from './exceptions.js';
import type { ProgressOptions } from './progress.js';
import type { LogoView, ViewModel } from './view-model.js';

/**
 * The names of the output formats with a document writer: the output formats' registry
 * (src/render/formats/) adds one key per such format to this interface by declaration
 * merging, so that a new format is a file and a registry line, and no list of names is
 * kept here by hand.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the registry (declaration merging)
export interface DocumentFormats {}

/** One output format of `render`: a format of the output formats' registry with a document writer. */
export type DocumentFormat = keyof DocumentFormats & string;

/** Which policies the detail tables list: Red and Amber, every assessed one (not Gray), or all. */
export type PolicyChoice = 'failing' | 'assessed' | 'all';

/** Every PolicyChoice, in the order help text lists them. */
export const policyChoices = ['failing', 'assessed', 'all'] as const satisfies readonly PolicyChoice[];

/**
 * Every tier of a document, in the order help text lists them: the executive summary
 * only, everything, or the fleet roll-up of many accounts. The one list of tier names.
 */
export const renderTiers = ['executive', 'full', 'fleet'] as const;

/**
 * How much a document shows: one of `renderTiers`.
 *
 * @useDeclaredType
 */
export type RenderTier = (typeof renderTiers)[number];

/**
 * Something a renderer could not do as the document asks, told to the caller while the
 * document is still made. `font-missing`: the PDF draws a script's text as empty boxes,
 * because the optional font package that covers it is not installed.
 */
export interface RenderWarning {
  code: 'font-missing';
  /** The warning in words, naming what to install. */
  message: string;
  /** The script drawn as boxes, in words (`Korean (Hangul)`). */
  script: string;
  /** The npm package that adds the font. */
  package: string;
}

/**
 * Options of every renderer; each reads the ones that concern it. `onProgress` is told
 * of the rows a long document has drawn (PDF policy rows, workbook rows).
 */
export interface RenderOptions extends ProgressOptions {
  /** Document title; by default built from the benchmark and account names. */
  title?: string;
  /** Stamp this time of generation into the document; without it, output is byte-identical run to run. */
  now?: Date;
  /** A PNG or JPEG for the cover and header. */
  logo?: LogoView;
  /**
   * HTML and PDF: `executive` keeps the cover, the summaries, the worst categories and
   * the top of each action list, a few pages at any report size; `full` (the default)
   * is everything. XLSX, CSV, HDF and POA&M are exports of every row and ignore it.
   * `fleet` (HTML, PDF, XLSX) is the roll-up of many accounts, built from their figures
   * only: worst accounts, policies failing in the most accounts, categories across
   * accounts. Without a tier a document of more than `fleetAccountThreshold` distinct
   * AccountIds is a fleet document, any other a full one.
   */
  tier?: RenderTier;
  /** PDF: landscape pages. */
  landscape?: boolean;
  /** PDF: at most this many policy rows in the appendix, the most severe kept; the cut is stated in the document. */
  maxPolicies?: number;
  /** Which policies the detail tables list (default `all`); every figure counts all of them. */
  policies?: PolicyChoice;
  /** Show the input files' paths in documents; by default only their names. */
  showPaths?: boolean;
  /** HTML: template and partial overrides by file name (`report.hbs`, `styles.css`, …), read by the caller. */
  templates?: Readonly<Record<string, string>>;
  /**
   * CSV: the columns in their order (`csvFieldNames`; `defaultCsvFields` without), and a UTF-8 byte order mark for
   * Excel.
   */
  csv?: { fields?: readonly CsvFieldName[]; bom?: boolean };
  /**
   * A comparison whose new side is the analysis rendered (see `diffAnalyses`): each
   * report it compared gets a "Changes since …" section, and the workbook Changes sheets.
   */
  diff?: DiffResult;
  /**
   * What the run's exceptions did (see acceptedRisksOf): each document gets an "Accepted
   * risks" section and marks the policies they accept, whose colour stays as scanned.
   */
  acceptedRisks?: AcceptedRisks;
  /** Called with each warning of a render, once per document for each; without it, warnings are dropped. */
  onWarning?: (warning: RenderWarning) => void;
}

/**
 * The options of {@link RenderOptions} that only some formats read (`csvFields` and
 * `csvBom` stand for `csv.fields` and `csv.bom`): each renderer declares the ones it
 * reads, so that a caller can tell when one does nothing for the formats chosen.
 */
export type FormatOption = 'tier' | 'landscape' | 'maxPolicies' | 'templates' | 'logo' | 'csvFields' | 'csvBom';

/** Bytes of a rendered document, whole or as chunks. */
export type RenderedBody = Uint8Array | AsyncIterable<Uint8Array>;

/** A renderer: a view model in, document bytes out. It never writes files. */
export interface Renderer {
  format: DocumentFormat;
  /** File name extension without the dot: the one files of this format are given. */
  extension: string;
  /** Other extensions that name this format in an output path (`htm`). */
  otherExtensions?: readonly string[];
  mediaType: string;
  /** The format-specific options it reads (none when absent); it ignores the others. */
  reads?: readonly FormatOption[];
  /** Renders the view model into this format's bytes. */
  render(view: ViewModel, options: RenderOptions): Promise<RenderedBody>;
}

/** Options of `renderDocuments`: what documents to make of an analysis, and how to render them. */
export interface RenderDocumentsOptions extends RenderOptions {
  /** The formats of every document; each is rendered only when its body is asked for. */
  formats: readonly DocumentFormat[];
  /**
   * One document of every input together (true), or one document per input (false, the default, as `render` makes
   * them).
   */
  combine?: boolean;
  /** Refuse a document when its inputs have an error finding (default false). */
  strict?: boolean;
}

/**
 * Why a document is not rendered. `no-benchmark-report`: its inputs hold no benchmark
 * report and no error (a JSON file of something else), so it is skipped, which is no
 * failure. `no-valid-report`: no report passed the schema. `errors-and-strict`: there
 * are errors and `strict` is on. The last two are refusals, a failure of the run.
 */
export type DocumentReason = 'no-benchmark-report' | 'no-valid-report' | 'errors-and-strict';

/** One format of a document; its body is produced when asked for. */
export interface DocumentOutput {
  format: DocumentFormat;
  /** File name extension without the dot. */
  extension: string;
  mediaType: string;
  /** Renders the body. The document's view model is built once for all its formats. */
  render(): Promise<RenderedBody>;
}

/** What every planned document has: what it shows and where that came from. */
interface PlannedDocumentBase {
  /** What the document shows: one input's analysis, or the whole analysis when combined. */
  analysis: Analysis;
  /** The inputs it shows, in order (file paths as given, `<stdin>`, or library names). */
  sources: string[];
}

/** A document to render, with one output per format. */
export interface ReadyDocument extends PlannedDocumentBase {
  status: 'ready';
  outputs: DocumentOutput[];
}

/** A document that is not rendered, and why. */
export interface UnrenderedDocument extends PlannedDocumentBase {
  /** `skipped` is no failure; `refused` is. */
  status: 'skipped' | 'refused';
  reason: DocumentReason;
  /** The reason in words, with the counts of findings (`no valid benchmark report to render (2 errors)`). */
  message: string;
}

/** One planned document: ready to render, or not rendered and why. */
export type PlannedDocument = ReadyDocument | UnrenderedDocument;

/** Every document of an analysis, decided before any is rendered. */
export interface DocumentPlan {
  documents: PlannedDocument[];
  /** True when no document was refused (skipped ones do not count). */
  complete: boolean;
}
