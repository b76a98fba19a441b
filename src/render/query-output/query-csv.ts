import type { QueryColumn, QueryResult, QueryValue } from '../../model/query-result.js';
import { csvText } from '../csv/csv-cell.js';
import { valueText } from './value-text.js';

/** A field as RFC 4180 writes it: quoted when it holds a quote, a comma or a line break, its quotes doubled. */
function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A cell's text. Text from the dataset goes through the CSV export's guard (csvText): a
 * value starting like a formula opens as text in a spreadsheet, control characters are
 * shown as `\uXXXX`. A number is written as it is: `-3` is no formula, and an apostrophe
 * would make it text.
 */
function cell(value: QueryValue, column: QueryColumn | undefined): string {
  const text = valueText(value, '');
  return field(typeof value === 'number' || column?.numeric === true ? text : csvText(text));
}

/** A query's result as RFC 4180 CSV (a header line, CRLF line ends), one chunk per batch of rows. */
export async function* renderQueryCsv(result: QueryResult): AsyncGenerator<string> {
  yield `${result.columns.map((column) => field(csvText(column.name))).join(',')}\r\n`;
  for await (const rows of result.rows) {
    if (rows.length > 0)
      yield rows
        .map((row) => `${row.map((value, index) => cell(value, result.columns[index])).join(',')}\r\n`)
        .join('');
  }
}
