import type { OutputFormatOf } from './output-format.js';
import { parquetMediaType } from './parquet.js';

/** The figures table as Parquet: its longer extension names it, as `poam.csv` names POA&M. */
export const parquetFiguresEntry: OutputFormatOf<'document'> = {
  document: {
    format: 'parquet-figures',
    extension: 'figures.parquet',
    mediaType: parquetMediaType,
    render: async (view) => (await import('../parquet/render-parquet.js')).renderFiguresParquetView(view),
    reads: [],
  },
  dataset: 'figures',
};
