import { readFileSync } from 'node:fs';
import { packageRoot } from '../package-root.js';
import { categoryShell, envelopeHead, policy, reportShell } from './generated/report-validators.js';
import { reportIsValid } from './generated/report-check-validator.js';

/** Where the published schema lives inside the package (the file `cspm-report schema` prints). */
export const schemaUrl = new URL('schema/audit-report.schema.json', packageRoot);

/** The published JSON Schema of the audit report, parsed. */
export function readSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(schemaUrl, 'utf8')) as Record<string, unknown>;
}

/**
 * The schema's validators, compiled by ajv ahead of time (scripts/generate-validators.js)
 * so that no run pays for ajv's compiler. Reports are validated one by one, so pointers
 * and findings come out per report, and the envelope only for its own fields, so that
 * no report is validated twice. A report is checked whole first, stopping at its first
 * error (`reportIsValid`); one that fails is validated again in parts (its fields, each
 * category's, each policy) for every error: ajv lists every error of a call, and one
 * call on a report of a million bad policies would list ten million.
 */
export const schemaValidators: {
  reportIsValid: SchemaValidator;
  reportShell: SchemaValidator;
  categoryShell: SchemaValidator;
  policy: SchemaValidator;
  envelopeHead: SchemaValidator;
} = {
  reportIsValid,
  reportShell,
  categoryShell,
  policy,
  envelopeHead,
};

/**
 * One schema violation as the generated validators report it: the fields of ajv's
 * ErrorObject this package reads. Declared here, not imported from ajv, because ajv
 * is a development tool only and published types must not need it.
 */
export interface SchemaError {
  /** RFC 6901 pointer of the value, relative to the validated data. */
  instancePath: string;
  /** The schema keyword that failed: `required`, `type`, `minimum`, `maximum`, … */
  keyword: string;
  /** The keyword's details, such as `missingProperty`, `type`, `limit`, `comparison`. */
  params: Record<string, unknown>;
  /** Where in the schema the keyword is (`#/properties/metric/enum`). */
  schemaPath?: string;
  message?: string;
}

/** A validator as ajv generates it: true or false, with the errors of the last call. */
export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}
