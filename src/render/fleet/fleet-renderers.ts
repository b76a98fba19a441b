import type { FleetFigures } from '../../model/fleet.js';
import type { DocumentFormat, RenderedBody, RenderOptions } from '../../model/renderer.js';
import { registryEntry } from '../registry-entry.js';

/** A renderer of the fleet tier: fleet figures in, document bytes out. It never writes files. */
export interface FleetRenderer {
  /** Renders the fleet figures into this format's bytes. */
  render(fleet: FleetFigures, options: RenderOptions): Promise<RenderedBody>;
}

/**
 * The formats that have a fleet tier, each imported when it first renders. The other
 * formats (CSV, HDF, POA&M, SARIF) export every row of every report whatever the tier.
 */
export const fleetRenderers = {
  html: {
    /** The fleet document as HTML. */
    render: async (fleet, options) => (await import('./fleet-html.js')).renderFleetHtml(fleet, options),
  },
  pdf: {
    /** The fleet document as PDF. */
    render: async (fleet, options) => (await import('./fleet-pdf.js')).renderFleetPdf(fleet, options),
  },
  xlsx: {
    /** The fleet document as an XLSX workbook. */
    render: async (fleet, options) => (await import('./fleet-xlsx.js')).renderFleetXlsx(fleet, options),
  },
} as const satisfies Partial<Record<DocumentFormat, FleetRenderer>>;

/** A format with a fleet tier. */
export type FleetFormat = keyof typeof fleetRenderers;

/** The formats with a fleet tier, in the order help text lists them. */
export const fleetFormats = Object.keys(fleetRenderers) as FleetFormat[];

/** True when `format` has a fleet tier. */
export function isFleetFormat(format: string): format is FleetFormat {
  return Object.hasOwn(fleetRenderers, format);
}

/**
 * Renders fleet figures (built by `addFleetReport`, merged by `mergeFleetFigures`, or
 * read back by `fleetFiguresFromJson`) as one fleet document.
 *
 * @throws CspmError `unknown-format` for a format without a fleet tier, listing those with one
 */
export async function renderFleet(fleet: FleetFigures, format: string, options: RenderOptions = {}): Promise<RenderedBody> {
  return registryEntry(fleetRenderers, format, 'formats of the fleet tier').render(fleet, options);
}
