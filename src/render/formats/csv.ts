import { exceptionsCheckCsv } from '../exceptions/exceptions-check-csv.js';
import { renderQueryCsv } from '../query-output/query-csv.js';
import type { OutputFormatOf } from './output-format.js';

/** The media type of a CSV file whose first row names the columns. */
export const csvMediaType = 'text/csv; charset=utf-8; header=present';

/**
 * CSV: one row per policy of a document (its writer imported when it first writes), the
 * rows of a query, or a row per exception.
 */
export const csvEntry: OutputFormatOf<'document' | 'query' | 'exceptions'> = {
  document: {
    format: 'csv',
    extension: 'csv',
    mediaType: csvMediaType,
    render: async (view, options) => (await import('../csv/render-csv.js')).renderCsvView(view, options),
    reads: ['csvFields', 'csvBom'],
  },
  query: { extension: 'csv', mediaType: 'text/csv; charset=utf-8', describe: 'RFC 4180 CSV', render: renderQueryCsv },
  exceptions: exceptionsCheckCsv,
};
