import type { SchemaError } from '../validate/schema-validators.js';
import { closestName } from '../text/closest-name.js';
import { gateMetricNames, isGateMetricName } from './metric-names.js';

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
        if (typeof value === 'string' && isGateMetricName(value))
          return `metric "${value}" is in the registry but not yet in the rules schema; run npm run generate:validators`;
        const named = `unknown metric${typeof value === 'string' ? ` "${value}"` : ''}`;
        const list = gateMetricNames.join(', ');
        return suggestion === undefined
          ? `${named}; the metrics are ${list}`
          : `${named}; did you mean ${suggestion}? The metrics are ${list}`;
      }
      return `must be one of ${(params['allowedValues'] as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'required':
      return `missing "${String(params['missingProperty'])}"`;
    case 'type':
      return `must be ${String(params['type'])}`;
    case 'pattern':
      return 'must not be blank';
    case 'oneOf':
      return instancePath === '/extends'
        ? 'must be a preset name or a list of them'
        : 'needs exactly one of "mustBe" and "mustNotBe"';
    case 'anyOf':
      return instancePath === '' ? 'needs "assertions" or "extends"' : 'needs "min" or "max"';
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}
