import type { OutputFormatOf } from './output-format.js';

/** OCSF events as Parquet, nested objects as structs: an AWS Security Lake custom source's form. */
export const ocsfParquetEntry: OutputFormatOf<'document'> = {
  document: {
    format: 'ocsf-parquet',
    extension: 'ocsf.parquet',
    mediaType: 'application/vnd.apache.parquet',
    render: async (view, options) =>
      (await import('../ocsf/render-ocsf-parquet.js')).renderOcsfParquetView(view, options),
    reads: [],
  },
};
