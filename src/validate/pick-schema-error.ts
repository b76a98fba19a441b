import type { SchemaError } from './schema-validators.js';

/** Keywords that say most about what to fix come first; combinators say least. */
const keywordOrder = [
  'additionalProperties',
  'enum',
  'type',
  'pattern',
  'minItems',
  'minProperties',
  'required',
  'const',
  'oneOf',
  'anyOf',
  'if',
];

/**
 * The most telling of a settings file's schema errors (gate rules, exceptions). The
 * branches of anyOf and oneOf are left out: "missing min" and "missing max" say less
 * than "needs min or max".
 */
export function pickSchemaError(errors: readonly SchemaError[]): SchemaError | undefined {
  const rank = (error: SchemaError) => {
    const index = keywordOrder.indexOf(error.keyword);
    return index === -1 ? keywordOrder.length : index;
  };
  return errors
    .filter((error) => !/\/(anyOf|oneOf)\/\d+\//.test(error.schemaPath ?? ''))
    .sort((a, b) => rank(a) - rank(b) || b.instancePath.length - a.instancePath.length)[0];
}

/** Where the error is: the offending key for an unknown key, else the value. */
export function errorPointer(error: SchemaError): { pointer: string; atKey: boolean } {
  if (error.keyword === 'additionalProperties') {
    const key = String(error.params['additionalProperty']).replace(/~/g, '~0').replace(/\//g, '~1');
    return { pointer: `${error.instancePath}/${key}`, atKey: true };
  }
  return { pointer: error.instancePath, atKey: false };
}
