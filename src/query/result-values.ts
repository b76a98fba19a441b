import type { DuckDBResult, Json } from '@duckdb/node-api';
import type { QueryColumn, QueryValue } from '../model/query-result.js';
import type { Engine } from './load-engine.js';

/** Turns one value of a column, as the engine's JSON converter gives it, into the result's value. */
type Convert = (value: Json) => QueryValue;

const asIs: Convert = (value) => value as QueryValue;

/**
 * A whole number (BIGINT and wider arrive as decimal text) as a JSON number while a
 * double holds it exactly, else as its text: a reader that parses JSON numbers into
 * doubles would otherwise get another number than the one stored.
 */
const wholeNumber: Convert = (value) => {
  if (typeof value !== 'string') return value as QueryValue;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : value;
};

/** A DECIMAL (decimal text) as a number when it has at most 15 significant digits, which a double keeps exactly. */
const decimal: Convert = (value) => {
  if (typeof value !== 'string') return value as QueryValue;
  const digits = value.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  return digits.length <= 15 ? Number(value) : value;
};

/**
 * `2026-01-02 03:04:05.123` (the engine's text, UTC) as ISO 8601: `2026-01-02T03:04:05.123Z`. Infinities stay as they
 * are.
 */
const timestamp: Convert = (value) =>
  typeof value === 'string' && /^\d{4}-\d\d-\d\d \d/.test(value)
    ? `${value.replace(' ', 'T')}Z`
    : (value as QueryValue);

/** `2026-01-02 03:04:05+00` as ISO 8601: `2026-01-02T03:04:05+00:00`. */
const timestampWithZone: Convert = (value) =>
  typeof value === 'string' && /^\d{4}-\d\d-\d\d \d/.test(value)
    ? value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')
    : (value as QueryValue);

/**
 * The columns of a result, and how each value of each is converted. Type ids come from
 * the engine's module as loaded: no part of it is imported before a query runs.
 */
export function resultColumns(result: DuckDBResult, engine: Engine): { columns: QueryColumn[]; converters: Convert[] } {
  const ids = engine.DuckDBTypeId;
  const whole = new Set([ids.BIGINT, ids.UBIGINT, ids.HUGEINT, ids.UHUGEINT, ids.BIGNUM]);
  const numeric = new Set([
    ...whole,
    ids.TINYINT,
    ids.SMALLINT,
    ids.INTEGER,
    ids.UTINYINT,
    ids.USMALLINT,
    ids.UINTEGER,
    ids.FLOAT,
    ids.DOUBLE,
    ids.DECIMAL,
  ]);
  const times = new Set([ids.TIMESTAMP, ids.TIMESTAMP_S, ids.TIMESTAMP_MS, ids.TIMESTAMP_NS]);
  const names = result.deduplicatedColumnNames();
  const columns: QueryColumn[] = [];
  const converters: Convert[] = [];
  names.forEach((name, index) => {
    const id = result.columnTypeId(index);
    columns.push({ name, type: result.columnType(index).toString(), numeric: numeric.has(id) });
    if (whole.has(id)) converters.push(wholeNumber);
    else if (id === ids.DECIMAL) converters.push(decimal);
    else if (times.has(id)) converters.push(timestamp);
    else if (id === ids.TIMESTAMP_TZ) converters.push(timestampWithZone);
    else converters.push(asIs);
  });
  return { columns, converters };
}

/** The rows of a streaming result, batch by batch (one per chunk of the engine, some 2,048 rows), converted. */
export async function* convertedRows(
  result: DuckDBResult,
  converters: readonly Convert[],
): AsyncGenerator<QueryValue[][]> {
  for await (const rows of result.yieldRowsJson()) {
    yield rows.map((row) => row.map((value, index) => (converters[index] ?? asIs)(value)));
  }
}
