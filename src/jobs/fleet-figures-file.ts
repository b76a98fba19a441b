import { fleetFiguresToJson } from '../analyse/fleet/fleet-json.js';
import type { FleetFigures } from '../model/fleet.js';

/** How a file of fleet figures (`merge --fleet`) starts: its marker, written first. */
export const fleetFiguresMarker = '{"cspmReportFleet":';

/**
 * The fleet figures as the file `render` recognises by its first bytes: the marker, the
 * version of the file's form, then the figures' JSON.
 */
export function fleetFiguresFileText(fleet: FleetFigures): string {
  return `${fleetFiguresMarker}1,${JSON.stringify(fleetFiguresToJson(fleet)).slice(1)}\n`;
}
