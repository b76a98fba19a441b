import type { QueryResult, QueryValue } from '../../model/query-result.js';
import { terminalJson } from '../../text/terminal-text.js';

/**
 * A query's result as a JSON array of objects, one per row and one row per line, keyed
 * by the column names. Whole numbers beyond 2^53 are strings and timestamps ISO 8601
 * (see QueryValue). Written batch by batch: a result of millions of rows is never one
 * string. Characters that could reorder or hide text on a terminal are written as
 * `\uXXXX`, which JSON reads as the same character.
 */
export async function* renderQueryJson(result: QueryResult): AsyncGenerator<string> {
  const names = result.columns.map((column) => column.name);
  let first = true;
  yield '[';
  for await (const rows of result.rows) {
    let chunk = '';
    for (const row of rows) {
      const object: Record<string, QueryValue> = {};
      names.forEach((name, index) => {
        object[name] = row[index] ?? null;
      });
      chunk += `${first ? '\n' : ',\n'}${terminalJson(JSON.stringify(object))}`;
      first = false;
    }
    if (chunk !== '') yield chunk;
  }
  yield first ? ']\n' : '\n]\n';
}
