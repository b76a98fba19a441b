import type { OutputFormatOf } from './output-format.js';

/**
 * The Heimdall Data Format, imported when it first writes. A `.json` output of render
 * is HDF (render writes no other JSON); diff's findings json claims that name first.
 */
export const hdfEntry: OutputFormatOf<'document'> = {
  document: {
    format: 'hdf',
    extension: 'hdf.json',
    otherExtensions: ['json'],
    mediaType: 'application/json',
    render: async (view, options) => (await import('../hdf/render-hdf.js')).renderHdfView(view, options),
  },
};
