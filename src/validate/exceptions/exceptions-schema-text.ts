import type { SchemaError } from '../schema-validators.js';

/** One clause saying what is wrong with an exceptions file, in the file's own terms. */
export function describeExceptionsSchemaError(error: SchemaError): string {
  const { params, instancePath } = error;
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown key "${String(params['additionalProperty'])}"`;
    case 'required':
      return `missing "${String(params['missingProperty'])}"`;
    case 'type':
      return `must be ${String(params['type'])}`;
    case 'minItems':
      return 'must name at least one';
    case 'oneOf':
      return 'needs exactly one of "policy" and "policies"';
    case 'pattern':
      if (/\/(approved|expires)$/.test(instancePath)) return 'must be a day, YYYY-MM-DD';
      if (/\/polic(y|ies(\/\d+)?)$/.test(instancePath))
        return 'must be a PolicyId, exactly: an exception names the policies it accepts (no * or ?)';
      return 'must not be blank';
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}
