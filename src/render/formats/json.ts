import { exceptionsCheckJson } from '../exceptions/exceptions-check-json.js';
import { jsonFormat } from '../findings/json-format.js';
import { renderQueryJson } from '../query-output/query-json.js';
import { trendJsonRenderer } from '../trend/trend-json.js';
import type { OutputFormatOf } from './output-format.js';

/**
 * JSON, for programs: the findings and figures of a run, a trend, a query's rows, or
 * the states of exceptions. A
 * document has no `json` (a `.json` output of render is HDF's, see hdf.ts).
 */
export const jsonEntry: OutputFormatOf<'findings' | 'trend' | 'query' | 'exceptions'> = {
  findings: jsonFormat,
  trend: trendJsonRenderer,
  query: {
    extension: 'json',
    mediaType: 'application/json',
    describe: 'a JSON array of objects',
    render: renderQueryJson,
  },
  exceptions: exceptionsCheckJson,
};
