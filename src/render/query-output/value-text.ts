import type { QueryValue } from '../../model/query-result.js';

/**
 * A value of a query's result as the text of a table cell or CSV field: a null as
 * `empty` (nothing in CSV; `NULL` on a terminal, where an empty cell would look like an
 * empty string), lists and structs as JSON.
 */
export function valueText(value: QueryValue, empty: string): string {
  if (value === null) return empty;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
