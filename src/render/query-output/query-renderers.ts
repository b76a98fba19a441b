import type { QueryResult } from '../../model/query-result.js';
import { registryEntry } from '../registry-entry.js';
import { renderQueryCsv } from './query-csv.js';
import { renderQueryJson } from './query-json.js';
import { renderQueryTable } from './query-table.js';

/** An output format of `query`: its result as a stream of text. */
export interface QueryRenderer {
  extension: string;
  mediaType: string;
  render(result: QueryResult): AsyncIterable<string>;
}

/** Every output format of `query` by the name `-f` takes; table first, the default. */
export const queryRenderers = {
  table: { extension: 'txt', mediaType: 'text/plain; charset=utf-8', render: renderQueryTable },
  csv: { extension: 'csv', mediaType: 'text/csv; charset=utf-8', render: renderQueryCsv },
  json: { extension: 'json', mediaType: 'application/json', render: renderQueryJson },
} as const satisfies Record<string, QueryRenderer>;

/** A format of `query`. */
export type QueryFormat = keyof typeof queryRenderers;

/** Every format of `query`, in the order help text lists them. */
export const queryFormats = Object.keys(queryRenderers) as QueryFormat[];

/** The query renderer of `name`, or a CspmError that lists the valid names. */
export function getQueryRenderer(name: string): QueryRenderer {
  return registryEntry(queryRenderers, name, 'query formats');
}
