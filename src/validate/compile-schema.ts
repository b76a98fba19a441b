import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/** Where the published schema lives inside the package (the same file `cspm-report schema` prints). */
export const schemaUrl = new URL('../../schema/audit-report.schema.json', import.meta.url);

interface Validators {
  report: ValidateFunction;
  envelopeHead: ValidateFunction;
}

let compiled: Validators | undefined;

/** The published JSON Schema of the audit report, parsed. */
export function readSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(schemaUrl, 'utf8')) as Record<string, unknown>;
}

/**
 * The schema's validators, compiled once per process. Reports are validated one by
 * one (so pointers and findings come out per report), and the envelope only for its
 * own fields, so that no report is validated twice.
 */
export function schemaValidators(): Validators {
  if (!compiled) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
    const schema = readSchema();
    ajv.addSchema(schema);
    const id = String(schema['$id']);
    const report = ajv.getSchema(`${id}#/$defs/benchmarkReport`);
    const envelopeHead = ajv.compile({
      type: 'object',
      required: ['result', 'statusCode', 'message'],
      properties: { statusCode: { type: 'integer' }, message: { type: 'string' } },
    });
    if (!report) {
      throw new Error(`schema ${id} has no benchmarkReport definition`);
    }
    compiled = { report, envelopeHead };
  }
  return compiled;
}
