import { registryEntry } from '../registry-entry.js';
import type { TrendRenderer } from './trend-renderer.js';
import { trendHtmlRenderer } from './trend-html.js';
import { trendJsonRenderer } from './trend-json.js';
import { trendTextRenderer } from './trend-text.js';

/** pdfkit and exceljs load only when a trend is drawn in their format, as for the document renderers. */
const trendPdfRenderer: TrendRenderer = {
  extension: 'pdf',
  mediaType: 'application/pdf',
  async render(trend, options) {
    return (await import('./trend-pdf.js')).renderTrendPdf(trend, options);
  },
  async renderFleet(fleet, options) {
    return (await import('./fleet-pdf.js')).renderFleetPdf(fleet, options);
  },
};

const trendXlsxRenderer: TrendRenderer = {
  extension: 'xlsx',
  mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  async render(trend, options) {
    return (await import('./trend-xlsx.js')).renderTrendXlsx(trend, options);
  },
  async renderFleet(fleet, options) {
    return (await import('./fleet-xlsx.js')).renderFleetXlsx(fleet, options);
  },
};

/** Every trend renderer by the format name `trend -f` takes; json first, the default off a terminal (text is on one). */
export const trendRenderers = { json: trendJsonRenderer, text: trendTextRenderer, html: trendHtmlRenderer, pdf: trendPdfRenderer, xlsx: trendXlsxRenderer } as const satisfies Record<string, TrendRenderer>;

/** A format of `trend`. */
export type TrendFormat = keyof typeof trendRenderers;

/** Every trend format, in the order help text lists them. */
export const trendFormats = Object.keys(trendRenderers) as TrendFormat[];

/** The trend renderer of `name`, or a CspmError that lists the valid names. */
export function getTrendRenderer(name: string): TrendRenderer {
  return registryEntry(trendRenderers, name, 'trend formats');
}
