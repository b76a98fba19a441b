import type { FleetFigures } from '../../model/fleet.js';
import type { RenderedBody, RenderOptions } from '../../model/renderer.js';
import { registryEntry } from '../registry-entry.js';
import { formatsOf, writersOf, type FormatNameOf } from '../formats/format-views.js';
import { outputKinds, type FleetRenderer } from '../formats/output-format.js';

export type { FleetRenderer } from '../formats/output-format.js';

/** A format with a fleet tier. */
export type FleetFormat = FormatNameOf<'fleet'>;

/**
 * The formats that have a fleet tier, a view of the output formats' registry. The other
 * formats (CSV, HDF, POA&M, SARIF) export every row of every report whatever the tier.
 */
export const fleetRenderers: Readonly<Record<FleetFormat, FleetRenderer>> = writersOf('fleet');

/** The formats with a fleet tier, in the order help text lists them. */
export const fleetFormats: FleetFormat[] = formatsOf('fleet');

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
export async function renderFleet(
  fleet: FleetFigures,
  format: string,
  options: RenderOptions = {},
): Promise<RenderedBody> {
  return registryEntry(fleetRenderers, format, outputKinds.fleet.named).render(fleet, options);
}
