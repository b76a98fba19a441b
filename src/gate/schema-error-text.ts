import type { SchemaError } from '../validate/schema-validators.js';
import { closestName } from '../text/closest-name.js';
import { gateMetricNames, isGateMetricName } from './metric-names.js';

/** Keywords that say most about what to fix come first; combinators say least. */
const keywordOrder = ['additionalProperties', 'enum', 'type', 'pattern', 'minItems', 'minProperties', 'required', 'const', 'oneOf', 'anyOf', 'if'];

/**
 * The most telling of a rules file's schema errors. The branches of anyOf and oneOf are
 * left out: "missing min" and "missing max" say less than "needs min or max".
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

/**
 * One clause saying what is wrong, in the rules file's own terms.
 *
 * @param value the value the error is about, for a "did you mean" on a misspelt name
 */
export function describeSchemaError(error: SchemaError, value?: unknown): string {
  const { params, instancePath } = error;
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown key "${String(params['additionalProperty'])}"`;
    case 'enum':
      if (instancePath.endsWith('/metric')) {
        const suggestion = typeof value === 'string' ? closestName(value, gateMetricNames) : undefined;
        // A metric added to the registry reaches the schema's enum only when the validators are
        // generated again: say so, rather than call a listed metric unknown.
        if (typeof value === 'string' && isGateMetricName(value)) return `metric "${value}" is in the registry but not yet in the rules schema; run npm run generate:validators`;
        const named = `unknown metric${typeof value === 'string' ? ` "${value}"` : ''}`;
        const list = gateMetricNames.join(', ');
        return suggestion === undefined ? `${named}; the metrics are ${list}` : `${named}; did you mean ${suggestion}? The metrics are ${list}`;
      }
      return `must be one of ${(params['allowedValues'] as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'required':
      return `missing "${String(params['missingProperty'])}"`;
    case 'type':
      return `must be ${String(params['type'])}`;
    case 'pattern':
      return 'must not be blank';
    case 'oneOf':
      return instancePath === '/extends' ? 'must be a preset name or a list of them' : 'needs exactly one of "mustBe" and "mustNotBe"';
    case 'anyOf':
      return instancePath === '' ? 'needs "assertions" or "extends"' : 'needs "min" or "max"';
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}
