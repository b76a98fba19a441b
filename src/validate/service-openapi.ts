import { readFileSync } from 'node:fs';
import { packageRoot } from '../package-root.js';

/**
 * Where the OpenAPI 3.1 document of the service's REST API lives inside the package,
 * next to `audit-report.schema.json`, which its audit summary refers to by a relative `$ref`.
 */
export const serviceOpenApiUrl = new URL('schema/service.openapi.json', packageRoot);

/** The published OpenAPI 3.1 document of the service's REST API, parsed. */
export function readServiceOpenApi(): Record<string, unknown> {
  return JSON.parse(readFileSync(serviceOpenApiUrl, 'utf8')) as Record<string, unknown>;
}
