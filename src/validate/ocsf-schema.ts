import { readFileSync } from 'node:fs';
import { packageRoot } from '../package-root.js';

/** Where the JSON Schema of the OCSF events of `-f ocsf` lives inside the package. */
export const ocsfSchemaUrl = new URL('schema/ocsf-compliance-finding.schema.json', packageRoot);

/**
 * The JSON Schema of one OCSF Compliance Finding event of `render -f ocsf`, parsed:
 * built from the OCSF schema's own sources by scripts/build-ocsf-schema.js. The tool
 * writes the events and never reads them, so nothing compiles it at run time: it is for
 * the programs that take them, and a test holds every event to it.
 */
export function readOcsfSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(ocsfSchemaUrl, 'utf8')) as Record<string, unknown>;
}
