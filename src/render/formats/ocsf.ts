import type { OutputFormatOf } from './output-format.js';

/**
 * OCSF Compliance Finding events as JSON Lines, imported when it first writes; render
 * writes no other JSON Lines, so `.jsonl` names it too. `--parquet` makes it the same
 * events as Parquet.
 */
export const ocsfEntry: OutputFormatOf<'document'> = {
  document: {
    format: 'ocsf',
    extension: 'ocsf.jsonl',
    otherExtensions: ['jsonl'],
    mediaType: 'application/x-ndjson',
    render: async (view, options) => (await import('../ocsf/render-ocsf.js')).renderOcsfView(view, options),
    reads: [],
  },
  asParquet: 'ocsf-parquet',
};
