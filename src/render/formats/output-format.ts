import type { ExceptionsCheck } from '../../model/exceptions.js';
import type { DatasetTable } from '../../model/dataset-columns.js';
import type { FindingsFormat } from '../../model/findings-format.js';
import type { FleetFigures } from '../../model/fleet.js';
import type { QueryResult } from '../../model/query-result.js';
import type { RenderedBody, RenderOptions, Renderer } from '../../model/renderer.js';
import type { TrendRenderer } from '../trend/trend-renderer.js';

/** A renderer of the fleet tier: fleet figures in, document bytes out. It never writes files. */
export interface FleetRenderer {
  /** Renders the fleet figures into this format's bytes. */
  render(fleet: FleetFigures, options: RenderOptions): Promise<RenderedBody>;
}

/** An output format of `query`: its result as a stream of text. */
export interface QueryRenderer {
  /** File name extension without the dot. */
  extension: string;
  /** The IANA media type of the text. */
  mediaType: string;
  /** What it writes, in a few words, as `query --help` lists it (`an aligned table`). */
  describe: string;
  /** Writes the result, in pieces as they are made. */
  render(result: QueryResult): AsyncIterable<string>;
}

/** An output format of `exceptions check`: its result as text. */
export interface ExceptionsRenderer {
  /** File name extension without the dot. */
  extension: string;
  /** The IANA media type of the text. */
  mediaType: string;
  /** What it writes, in a few words, as `exceptions check --help` lists it. */
  describe: string;
  /** The result's text, stating its verdict. */
  render(result: ExceptionsCheck): string;
}

/**
 * One output format: its writer for each kind of output it serves, each imported as its
 * registry line is (a writer that loads pdfkit or exceljs imports them when it first
 * writes). A name can serve several kinds, as `json` does (findings, trends, query
 * results): the extension, media type, options read and help text are the writer's,
 * since one name writes different things for different commands (`csv` of a query is
 * not the policy table's CSV).
 */
export interface OutputFormatEntry {
  /** A document of one or more reports: `render`, `fetch`, and the new side of `diff`. */
  document?: Renderer;
  /** The same document at the fleet tier, drawn from fleet figures; its files are the document's. */
  fleet?: FleetRenderer;
  /** The findings of `check`, `gate`, `merge` and `diff`. */
  findings?: FindingsFormat;
  /** The compliance over many scans of `trend`, of one account or of a fleet. */
  trend?: TrendRenderer;
  /** The result of a `query`. */
  query?: QueryRenderer;
  /** The result of `exceptions check`: each exception's state. */
  exceptions?: ExceptionsRenderer;
  /**
   * The dataset table this format writes: with `--out-dir`, render writes it as part of a
   * partitioned dataset of both tables (`policies/`, `figures/`) instead of a file per
   * input, and with one `-o` it makes the table while the inputs are read.
   */
  dataset?: DatasetTable;
  /** The format that `--parquet` turns this one into: the same content as Parquet (`ocsf` → `ocsf-parquet`). */
  asParquet?: string;
}

/** A kind of output: a key of {@link OutputFormatEntry} that holds a writer. */
export type OutputKind = 'document' | 'fleet' | 'findings' | 'trend' | 'query' | 'exceptions';

/**
 * The entry of a format that serves exactly the kinds `Kind`: each entry is declared with
 * this type, so that the registry's type (and every name list derived from it, as
 * DocumentFormat) never waits on the checking of an entry's writers, which name those
 * lists themselves.
 */
export type OutputFormatOf<Kind extends OutputKind> = Omit<OutputFormatEntry, OutputKind> & {
  [Served in Kind]-?: NonNullable<OutputFormatEntry[Served]>;
} & { [Other in Exclude<OutputKind, Kind>]?: never };

/** What is said of each kind of output. */
export interface OutputKindFacts {
  /** The commands that write it: each offers, in `--format`, every format with a writer of the kind. */
  commands: readonly string[];
  /** How an error names the kind's formats (`"x"; the trend formats are …`). */
  named: string;
  /** The format a command of the kind writes when nothing names one; it leads the kind's list in help. */
  first: string;
  /** The kind whose files this kind's writers write (the fleet tier writes the document's); absent when its own. */
  filesOf?: OutputKind;
}

/**
 * Every kind of output, in the order a command that writes several lists them in
 * `--format` (diff: findings, then documents). The commands served are a kind's fact,
 * not a format's: every command of a kind hands its writers the same input, so a new
 * writer of a kind serves all of them.
 */
export const outputKinds = {
  findings: { commands: ['check', 'gate', 'merge', 'diff'], named: 'findings formats', first: 'text' },
  document: { commands: ['render', 'diff', 'fetch'], named: 'formats', first: 'html' },
  fleet: { commands: ['render'], named: 'formats of the fleet tier', first: 'html', filesOf: 'document' },
  trend: { commands: ['trend'], named: 'trend formats', first: 'json' },
  query: { commands: ['query'], named: 'query formats', first: 'table' },
  exceptions: { commands: ['exceptions'], named: 'formats of exceptions check', first: 'text' },
} as const satisfies Record<OutputKind, OutputKindFacts>;

/** A kind of output whose writers name their own files: every kind but those that write another's (the fleet tier). */
export type RoutedKind = {
  [Kind in OutputKind]: (typeof outputKinds)[Kind] extends { filesOf: OutputKind } ? never : Kind;
}[OutputKind];

/** A command that writes outputs of some kind. */
export type OutputCommand = (typeof outputKinds)[OutputKind]['commands'][number];
