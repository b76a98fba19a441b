import type { RenderedBody } from '../../model/renderer.js';
import type { Trend } from '../../model/trend.js';

/** Options of every trend renderer; each reads the ones that concern it. */
export interface TrendRenderOptions {
  /** Document title; by default built from the benchmark and account names. */
  title?: string;
  /** Stamp this time of generation into the document; without it, output is byte-identical run to run. */
  now?: Date;
}

/** A trend renderer: a trend in, document bytes out. It never writes files. */
export interface TrendRenderer {
  /** File name extension without the dot. */
  extension: string;
  /** Other extensions that name this format in an output path (`htm`). */
  otherExtensions?: readonly string[];
  mediaType: string;
  render(trend: Trend, options: TrendRenderOptions): Promise<RenderedBody>;
}

/** The title of a trend document unless the caller gives one. */
export function trendTitle(trend: Trend, options: TrendRenderOptions): string {
  return options.title ?? `Compliance trend: ${trend.benchmarkName} — ${trend.accountName}`;
}
