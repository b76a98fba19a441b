import { readFileSync } from 'node:fs';
import { packageRoot } from '../../package-root.js';
import { exceptionsFile } from '../generated/exceptions-validator.js';
import type { SchemaError, SchemaValidator } from '../schema-validators.js';

/** Where the published schema of exceptions files lives inside the package. */
export const exceptionsSchemaUrl = new URL('schema/exceptions.schema.json', packageRoot);

/** The published JSON Schema of exceptions files, parsed. */
export function readExceptionsSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(exceptionsSchemaUrl, 'utf8')) as Record<string, unknown>;
}

// Compiled ahead of time by scripts/generate-validators.js, like the gate rules' validator.
const validator: SchemaValidator = exceptionsFile;

/** The schema violations of a parsed exceptions file; none when it is valid. */
export function validateExceptionsShape(value: unknown): SchemaError[] {
  return validator(value) ? [] : [...(validator.errors ?? [])];
}
