import type { OutputFormatOf } from './output-format.js';

/** The media type of a Parquet file. */
export const parquetMediaType = 'application/vnd.apache.parquet';

/**
 * The policies table as Parquet; with --out-dir, render writes both tables as a
 * partitioned dataset instead (see renderDataset).
 */
export const parquetEntry: OutputFormatOf<'document'> = {
  document: {
    format: 'parquet',
    extension: 'parquet',
    mediaType: parquetMediaType,
    render: async (view) => (await import('../parquet/render-parquet.js')).renderParquetView(view),
    reads: [],
  },
  dataset: 'policies',
};
