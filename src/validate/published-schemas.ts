import { diffSchemaUrl, readDiffSchema } from './diff-schema.js';
import { exceptionsSchemaUrl, readExceptionsSchema } from './exceptions/exceptions-schema.js';
import { gateRulesSchemaUrl, readGateRulesSchema } from './gate-rules-schema.js';
import { ocsfSchemaUrl, readOcsfSchema } from './ocsf-schema.js';
import { partialSchemaUrl, readPartialSchema } from './partial-schema.js';
import { readSchema, schemaUrl } from './schema-validators.js';
import { readServiceOpenApi, serviceOpenApiUrl } from './service-openapi.js';

/** A schema the package publishes: where its file is, and the file parsed. */
export interface PublishedSchema {
  url: URL;
  /** Reads the file and parses it: the schema as JSON. */
  read(): Record<string, unknown>;
}

/**
 * Every published JSON Schema (draft 2020-12), and the service's OpenAPI 3.1 document,
 * by the name `cspm-report schema <name>` takes: the audit report, gate rules files,
 * exceptions files (accepted risks), the
 * `diff` member of a diff's JSON result, an OCSF event of `render -f ocsf`, a shard's partial result (`check --shard
 * i/n`), and the
 * service's REST API.
 */
export const publishedSchemas = {
  'audit-report': {
    url: schemaUrl,
    /** Reads the audit report's JSON Schema. */
    read: readSchema,
  },
  'gate-rules': {
    url: gateRulesSchemaUrl,
    /** Reads the gate rules' JSON Schema. */
    read: readGateRulesSchema,
  },
  exceptions: {
    url: exceptionsSchemaUrl,
    /** Reads the exceptions file's JSON Schema. */
    read: readExceptionsSchema,
  },
  diff: {
    url: diffSchemaUrl,
    /** Reads the diff's JSON Schema. */
    read: readDiffSchema,
  },
  ocsf: {
    url: ocsfSchemaUrl,
    /** Reads the OCSF event's JSON Schema. */
    read: readOcsfSchema,
  },
  partial: {
    url: partialSchemaUrl,
    /** Reads the partial result's JSON Schema. */
    read: readPartialSchema,
  },
  openapi: {
    url: serviceOpenApiUrl,
    /** Reads the service's OpenAPI document. */
    read: readServiceOpenApi,
  },
} as const satisfies Record<string, PublishedSchema>;

/** The name of a published schema. */
export type PublishedSchemaName = keyof typeof publishedSchemas;
