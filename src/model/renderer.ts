import type { LogoView, ViewModel } from './view-model.js';

/** The output formats of `render`, in the order help text lists them. */
export const formats = ['html', 'pdf', 'xlsx'] as const;

/** One output format of `render`. */
export type Format = (typeof formats)[number];

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
  /** PDF: at most this many policy rows in the appendix; the cut is stated in the document. */
  maxPolicies?: number;
  /** HTML: template and partial overrides by file name (`report.hbs`, `styles.css`, …), read by the caller. */
  templates?: Readonly<Record<string, string>>;
}

/** Bytes of a rendered document, whole or as chunks. */
export type RenderedBody = Uint8Array | AsyncIterable<Uint8Array>;

/** A renderer: a view model in, document bytes out. It never writes files. */
export interface Renderer {
  format: Format;
  /** File name extension without the dot. */
  extension: string;
  mediaType: string;
  render(view: ViewModel, options: RenderOptions): Promise<RenderedBody>;
}
