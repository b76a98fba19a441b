import { renderQueryTable } from '../query-output/query-table.js';
import type { OutputFormatOf } from './output-format.js';

/** An aligned table of a query's rows, for a terminal. */
export const tableEntry: OutputFormatOf<'query'> = {
  query: {
    extension: 'txt',
    mediaType: 'text/plain; charset=utf-8',
    describe: 'an aligned table',
    render: renderQueryTable,
  },
};
