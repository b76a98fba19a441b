import type { LogoView, ViewModel } from './view-model.js';

/** The output formats of `render`, in the order help text lists them. */
export const documentFormats = ['html', 'pdf', 'xlsx'] as const;

/** One output format of `render`. */
export type DocumentFormat = (typeof documentFormats)[number];

/** Which policies the detail tables list: Red and Amber, every assessed one (not Gray), or all. */
export type PolicyChoice = 'failing' | 'assessed' | 'all';

/** Every PolicyChoice, in the order help text lists them. */
export const policyChoices = ['failing', 'assessed', 'all'] as const satisfies readonly PolicyChoice[];

/** Options of every renderer; each reads the ones that concern it. */
export interface RenderOptions {
  /** Document title; by default built from the benchmark and account names. */
  title?: string;
  /** Stamp this time of generation into the document; without it, output is byte-identical run to run. */
  now?: Date;
  /** A PNG or JPEG for the cover and header. */
  logo?: LogoView;
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
}

/** Bytes of a rendered document, whole or as chunks. */
export type RenderedBody = Uint8Array | AsyncIterable<Uint8Array>;

/** A renderer: a view model in, document bytes out. It never writes files. */
export interface Renderer {
  format: DocumentFormat;
  /** File name extension without the dot. */
  extension: string;
  mediaType: string;
  render(view: ViewModel, options: RenderOptions): Promise<RenderedBody>;
}
