import { readFileSync } from 'node:fs';
import { packageRoot } from '../package-root.js';
import { bundleOpenApi } from './bundle-openapi.js';
import { readSchema } from './schema-validators.js';

/**
 * Where the OpenAPI 3.1 document of the service's REST API lives inside the package,
 * next to `audit-report.schema.json`, which its audit summary refers to by a relative `$ref`.
 */
export const serviceOpenApiUrl = new URL('schema/service.openapi.json', packageRoot);

/** The package's file of the OpenAPI document as it is, its report schema referred to by a relative `$ref`. */
export function readServiceOpenApiFile(): Record<string, unknown> {
  return JSON.parse(readFileSync(serviceOpenApiUrl, 'utf8')) as Record<string, unknown>;
}

/**
 * The published OpenAPI 3.1 document of the service's REST API, self-contained: the
 * report schema's definitions it uses are under `components.schemas`, so every `$ref`
 * resolves within it. This is what `cspm-report schema openapi` prints and what
 * `cspm-report serve` answers at `/openapi.json`.
 */
export function readServiceOpenApi(): Record<string, unknown> {
  return bundleOpenApi(readServiceOpenApiFile(), { name: 'audit-report.schema.json', schema: readSchema() });
}
