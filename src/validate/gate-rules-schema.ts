import { readFileSync } from 'node:fs';
import { packageRoot } from '../package-root.js';
import { gateRules } from './generated/gate-rules-validator.js';
import type { SchemaError, SchemaValidator } from './schema-validators.js';

/** Where the published schema of gate rules files lives inside the package. */
export const gateRulesSchemaUrl = new URL('schema/gate-rules.schema.json', packageRoot);

/** The published JSON Schema of gate rules files, parsed. */
export function readGateRulesSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(gateRulesSchemaUrl, 'utf8')) as Record<string, unknown>;
}

// Compiled ahead of time by scripts/generate-validators.js, like the report's validators.
const validator: SchemaValidator = gateRules;

/** The schema violations of a parsed rules file; none when it is valid. */
export function validateGateRulesShape(value: unknown): SchemaError[] {
  return validator(value) ? [] : [...(validator.errors ?? [])];
}
