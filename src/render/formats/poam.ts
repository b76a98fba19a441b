import { csvMediaType } from './csv.js';
import type { OutputFormatOf } from './output-format.js';

/**
 * A plan of action and milestones as CSV: its longer extension names it, as `plan.poam.csv`.
 * POA&M has columns of its own: it takes the byte order mark only.
 */
export const poamEntry: OutputFormatOf<'document'> = {
  document: {
    format: 'poam',
    extension: 'poam.csv',
    mediaType: csvMediaType,
    render: async (view, options) => (await import('../csv/render-csv.js')).renderPoamView(view, options),
    reads: ['csvBom'],
  },
};
