import type { RenderedBody } from '../../model/renderer.js';
import type { FleetTrend } from '../../model/fleet-trend.js';
import type { Trend } from '../../model/trend.js';

/** Options of every trend renderer; each reads the ones that concern it. */
export interface TrendRenderOptions {
  /** Document title; by default built from the benchmark and account names. */
  title?: string;
  /** Stamp this time of generation into the document; without it, output is byte-identical run to run. */
  now?: Date;
  /**
   * HTML: templates by file name (`trend-page.hbs`, `trend-styles.css`, …) that replace
   * the built-in ones of the same name, as the report pages' `templates` do.
   */
  templates?: Readonly<Record<string, string>>;
}

/** A trend renderer: a trend (of one account, or of a fleet) in, document bytes out. It never writes files. */
export interface TrendRenderer {
  /** File name extension without the dot. */
  extension: string;
  /** Other extensions that name this format in an output path (`htm`). */
  otherExtensions?: readonly string[];
  mediaType: string;
  /** Renders the trend of one account into this format's bytes. */
  render(trend: Trend, options: TrendRenderOptions): Promise<RenderedBody>;
  /** The same format for a fleet: a series per account and the biggest drops ranked. */
  renderFleet(fleet: FleetTrend, options: TrendRenderOptions): Promise<RenderedBody>;
}

/** The title of a trend document unless the caller gives one. */
export function trendTitle(trend: Trend, options: TrendRenderOptions): string {
  return options.title ?? `Compliance trend: ${trend.benchmarkName} — ${trend.accountName}`;
}
