import { registryEntry } from './registry-entry.js';
import type { Analysis } from '../model/analysis.js';
import type { DocumentFormat, FormatOption, RenderedBody, RenderOptions, Renderer } from '../model/renderer.js';
import { buildViewModel } from './build-view-model.js';
import { htmlRenderer as htmlPageRenderer, renderHtmlView } from './html/render-html.js';
import { buildFleetFigures } from '../analyse/fleet/add-fleet-report.js';
import { fleetFormats, fleetRenderers, isFleetFormat } from './fleet/fleet-renderers.js';

/**
 * A renderer whose code is imported when it first renders: pdfkit and exceljs take a
 * quarter of a second to load, and `check` and HTML runs should never pay for them (nor
 * for the CSV and HDF writers).
 */
function lazyRenderer(format: DocumentFormat, extension: string, mediaType: string, render: Renderer['render'], otherExtensions?: readonly string[]): Renderer {
  return otherExtensions === undefined ? { format, extension, mediaType, render } : { format, extension, otherExtensions, mediaType, render };
}

/** A renderer with the format-specific options it reads: those the CLI warns of for no other format. */
function reading(renderer: Renderer, reads: readonly FormatOption[]): Renderer {
  return { ...renderer, reads };
}

const csvMediaType = 'text/csv; charset=utf-8; header=present';

const htmlRenderer = reading(htmlPageRenderer, ['tier', 'templates', 'logo']);
const pdfRenderer = reading(
  lazyRenderer('pdf', 'pdf', 'application/pdf', async (view, options) =>
    options.tier === 'executive' ? (await import('./pdf/render-executive-pdf.js')).renderExecutivePdfView(view, options) : (await import('./pdf/render-pdf.js')).renderPdfView(view, options),
  ),
  ['tier', 'landscape', 'maxPolicies', 'logo'],
);
const xlsxRenderer = lazyRenderer('xlsx', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', async (view, options) => (await import('./xlsx/render-xlsx.js')).renderXlsxView(view, options));
const csvRenderer = reading(lazyRenderer('csv', 'csv', csvMediaType, async (view, options) => (await import('./csv/render-csv.js')).renderCsvView(view, options)), ['csvFields', 'csvBom']);
// A `.json` output of render is HDF (render writes no other JSON); diff's findings json claims it first.
const hdfRenderer = lazyRenderer('hdf', 'hdf.json', 'application/json', async (view, options) => (await import('./hdf/render-hdf.js')).renderHdfView(view, options), ['json']);
// A `.sarif` output of diff is its regressions (the sarif findings format claims the name first); of render, the posture.
// It reads no format-specific option: every one given with -f sarif alone is warned of.
const sarifRenderer = reading(lazyRenderer('sarif', 'sarif', 'application/sarif+json', async (view) => (await import('./sarif/render-posture-sarif.js')).renderPostureSarifView(view)), []);
// POA&M has columns of its own: it takes the byte order mark only.
const poamRenderer = reading(lazyRenderer('poam', 'poam.csv', csvMediaType, async (view, options) => (await import('./csv/render-csv.js')).renderPoamView(view, options)), ['csvBom']);

// OCSF Compliance Finding events as JSON Lines; render writes no other JSON Lines, so `.jsonl` names it too.
const ocsfRenderer = reading(lazyRenderer('ocsf', 'ocsf.jsonl', 'application/x-ndjson', async (view, options) => (await import('./ocsf/render-ocsf.js')).renderOcsfView(view, options), ['jsonl']), []);
// The same events as Parquet, nested objects as structs: an AWS Security Lake custom source's form.
const ocsfParquetRenderer = reading(lazyRenderer('ocsf-parquet', 'ocsf.parquet', 'application/vnd.apache.parquet', async (view, options) => (await import('./ocsf/render-ocsf-parquet.js')).renderOcsfParquetView(view, options)), []);

const parquetMediaType = 'application/vnd.apache.parquet';
// The policies table; with --out-dir, render writes both tables as a partitioned dataset instead (see renderDataset).
const parquetRenderer = reading(lazyRenderer('parquet', 'parquet', parquetMediaType, async (view) => (await import('./parquet/render-parquet.js')).renderParquetView(view)), []);
// The figures table: its longer extension names it, as `poam.csv` names POA&M.
const parquetFiguresRenderer = reading(lazyRenderer('parquet-figures', 'figures.parquet', parquetMediaType, async (view) => (await import('./parquet/render-parquet.js')).renderFiguresParquetView(view)), []);

/** Every renderer, keyed by the format name the CLI and the API take, in the order help text lists them. */
export const renderers = { html: htmlRenderer, pdf: pdfRenderer, xlsx: xlsxRenderer, csv: csvRenderer, hdf: hdfRenderer, poam: poamRenderer, sarif: sarifRenderer, ocsf: ocsfRenderer, 'ocsf-parquet': ocsfParquetRenderer, parquet: parquetRenderer, 'parquet-figures': parquetFiguresRenderer } as const satisfies Record<string, Renderer>;

declare module '../model/renderer.js' {
  // The registry's keys are the document formats: DocumentFormat is derived from them.
  interface DocumentFormats extends Record<keyof typeof renderers, true> {}
}

/** Every document format, in the order help text lists them. */
export const documentFormats = Object.keys(renderers) as DocumentFormat[];

/** The renderer of `name`, or a CspmError that lists the valid names. */
export function getRenderer(name: string): Renderer {
  return registryEntry(renderers, name, 'formats');
}

/** Collects a rendered body into one byte array. */
export async function collectBytes(body: RenderedBody): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Renders an analysis to one format; `options` also shape the view model (title, logo,
 * time). With `tier: 'fleet'`, HTML, PDF and XLSX are drawn from the analysis's fleet
 * figures instead (`buildFleetFigures`); the other formats have no fleet tier.
 */
export async function renderReport(analysis: Analysis, format: DocumentFormat, options: RenderOptions = {}): Promise<RenderedBody> {
  if (options.tier === 'fleet' && isFleetFormat(format)) return fleetRenderers[format].render(buildFleetFigures(analysis), options);
  return getRenderer(format).render(buildViewModel(analysis, options), options);
}

/**
 * The formats that read `option` as `options` set it: for `tier`, those that draw that
 * tier (the fleet tier has a registry of its own); for any other option, those whose
 * renderer declares it.
 */
export function formatsReading(option: FormatOption, options: RenderOptions): DocumentFormat[] {
  if (option === 'tier' && options.tier === 'fleet') return [...fleetFormats];
  return documentFormats.filter((format) => getRenderer(format).reads?.includes(option) === true);
}

/** The HTML page of an analysis: one self-contained file. */
export function renderHtml(analysis: Analysis, options: RenderOptions = {}): string {
  return renderHtmlView(buildViewModel(analysis, options), options);
}

/** The PDF document of an analysis. */
export async function renderPdf(analysis: Analysis, options: RenderOptions = {}): Promise<Uint8Array> {
  return collectBytes(await renderReport(analysis, 'pdf', options));
}

/** The XLSX workbook of an analysis (for very large reports, prefer `renderReport`, which can stream). */
export async function renderXlsx(analysis: Analysis, options: RenderOptions = {}): Promise<Uint8Array> {
  return collectBytes(await renderReport(analysis, 'xlsx', options));
}
