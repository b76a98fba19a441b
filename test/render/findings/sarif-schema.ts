import { readFileSync } from 'node:fs';
import draft04 from 'ajv-draft-04';
import formats from 'ajv-formats';

/**
 * The OASIS SARIF 2.1.0 schema (Errata 01), vendored beside its notice in
 * test/fixtures/sarif/. It is a draft-04 schema, hence ajv-draft-04; formats are
 * checked too, so a relative uri that is no valid URI reference fails.
 */
const schema: unknown = JSON.parse(
  readFileSync(new URL('../../fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url), 'utf8'),
);
// Both are CommonJS modules: under NodeNext their class and function are `.default` of the module.
const ajv = new draft04.default({ strict: false, allErrors: true });
formats.default(ajv);
const validate = ajv.compile(schema as object);

/** The schema's complaints about a parsed SARIF log, as text; empty when it is valid. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? [])
    .slice(0, 20)
    .map((error: { instancePath: string; message?: string }) => `${error.instancePath} ${error.message ?? ''}`);
}
