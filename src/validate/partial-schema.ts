import { readFileSync } from 'node:fs';
import { packageRoot } from '../package-root.js';
import { partialFile, partialHead, partialTail } from './generated/partial-validator.js';
import type { SchemaError, SchemaValidator } from './schema-validators.js';

/** Where the published schema of a partial result (`check --shard i/n`) lives inside the package. */
export const partialSchemaUrl = new URL('schema/partial.schema.json', packageRoot);

/** The published JSON Schema of a partial result, parsed. */
export function readPartialSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(partialSchemaUrl, 'utf8')) as Record<string, unknown>;
}

/** The parts of a partial result merge validates in turn, as it reads them. */
export type PartialPart = 'head' | 'file' | 'tail';

// Compiled ahead of time by scripts/generate-validators.js, from the published schema's $defs.
const validators: Record<PartialPart, SchemaValidator> = { head: partialHead, file: partialFile, tail: partialTail };

/** The first schema violation of a part of a partial result, or undefined when it is valid. */
export function partialViolation(part: PartialPart, value: unknown): SchemaError | undefined {
  const validator = validators[part];
  return validator(value) ? undefined : (validator.errors ?? [])[0];
}
