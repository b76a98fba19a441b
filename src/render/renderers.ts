import { registryEntry } from './registry-entry.js';
import { outputKinds } from './formats/output-format.js';
import type { Analysis } from '../model/analysis.js';
import type { DocumentFormat, FormatOption, RenderedBody, RenderOptions, Renderer } from '../model/renderer.js';
import { buildViewModel } from './build-view-model.js';
import { formatsOf, writersOf } from './formats/format-views.js';
import { buildFleetFigures } from '../analyse/fleet/add-fleet-report.js';
import { fleetFormats, fleetRenderers, isFleetFormat } from './fleet/fleet-renderers.js';

/**
 * Every document renderer, keyed by the format name the CLI and the API take, in the order help text lists them: a
 * view of the output formats' registry.
 */
export const renderers: Readonly<Record<DocumentFormat, Renderer>> = writersOf('document');

/** Every document format, in the order help text lists them. */
export const documentFormats: DocumentFormat[] = formatsOf('document');

/** The renderer of `name`, or a CspmError that lists the valid names. */
export function getRenderer(name: string): Renderer {
  return registryEntry(renderers, name, outputKinds.document.named);
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
export async function renderReport(
  analysis: Analysis,
  format: DocumentFormat,
  options: RenderOptions = {},
): Promise<RenderedBody> {
  if (options.tier === 'fleet' && isFleetFormat(format))
    return fleetRenderers[format].render(buildFleetFigures(analysis, options.acceptedRisks), options);
  return getRenderer(format).render(buildViewModel(analysis, options), options);
}

/**
 * The formats that read `option` as `options` set it: for `tier`, those that draw that
 * tier (the fleet tier's writers); for any other option, those whose renderer declares it.
 */
export function formatsReading(option: FormatOption, options: RenderOptions): DocumentFormat[] {
  if (option === 'tier' && options.tier === 'fleet') return [...fleetFormats];
  return documentFormats.filter((format) => getRenderer(format).reads?.includes(option) === true);
}

/** The HTML page of an analysis: one self-contained file. Its writer is loaded on first use (see the html entry). */
export async function renderHtml(analysis: Analysis, options: RenderOptions = {}): Promise<string> {
  return (await import('./html/render-html.js')).renderHtmlView(buildViewModel(analysis, options), options);
}

/** The PDF document of an analysis. */
export async function renderPdf(analysis: Analysis, options: RenderOptions = {}): Promise<Uint8Array> {
  return collectBytes(await renderReport(analysis, 'pdf', options));
}

/** The XLSX workbook of an analysis (for very large reports, prefer `renderReport`, which can stream). */
export async function renderXlsx(analysis: Analysis, options: RenderOptions = {}): Promise<Uint8Array> {
  return collectBytes(await renderReport(analysis, 'xlsx', options));
}
