import type { QueryColumn, QueryResult, QueryValue } from '../../model/query-result.js';
import { terminalText } from '../../text/terminal-text.js';
import { valueText } from './value-text.js';

/**
 * The rows read before the columns' widths are fixed: the rest follow at those widths, so that a long result streams.
 */
const measuredRows = 1_000;
/** No column is widened past this for the sake of alignment: a longer value runs over. */
const widestColumn = 60;

function cellText(value: QueryValue): string {
  return terminalText(valueText(value, 'NULL'));
}

function line(cells: readonly string[], columns: readonly QueryColumn[], widths: readonly number[]): string {
  const padded = cells.map((text, index) => {
    const width = widths[index] ?? 0;
    return columns[index]?.numeric === true ? text.padStart(width) : text.padEnd(width);
  });
  return `${padded.join('  ').trimEnd()}\n`;
}

/**
 * A query's result as an aligned text table for a terminal: a header, a rule, a row per
 * line (numbers right-aligned, nulls as NULL), then the count of rows. Values are shown
 * with their control and bidirectional characters as `\uXXXX`, as every command shows
 * report text on a terminal. The widths come from the first thousand rows.
 */
export async function* renderQueryTable(result: QueryResult): AsyncGenerator<string> {
  const { columns } = result;
  const iterator = result.rows[Symbol.asyncIterator]();
  const first: string[][] = [];
  let done = false;
  while (first.length < measuredRows) {
    const next = await iterator.next();
    if (next.done === true) {
      done = true;
      break;
    }
    for (const row of next.value) first.push(row.map(cellText));
  }
  const names = columns.map((column) => terminalText(column.name));
  const widths = names.map((name, index) =>
    Math.min(widestColumn, Math.max(name.length, ...first.map((cells) => cells[index]?.length ?? 0))),
  );
  yield (
    line(names, columns, widths) +
    line(
      widths.map((width) => '-'.repeat(width)),
      [],
      widths,
    )
  );
  let count = first.length;
  if (first.length > 0) yield first.map((cells) => line(cells, columns, widths)).join('');
  while (!done) {
    const next = await iterator.next();
    if (next.done === true) break;
    count += next.value.length;
    if (next.value.length > 0) yield next.value.map((row) => line(row.map(cellText), columns, widths)).join('');
  }
  yield `(${count} ${count === 1 ? 'row' : 'rows'})\n`;
}
