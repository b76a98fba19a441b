import { CspmError } from '../error/cspm-error.js';
import type { Analysis } from '../model/analysis.js';
import type { DiffResult } from '../model/diff.js';
import type { DocumentOutput, RenderDocumentsOptions } from '../model/renderer.js';
import { renderDocuments } from '../render/render-documents.js';
import { getRenderer } from '../render/renderers.js';

/** The documents a diff makes (see `DiffScansOptions.documents`): their formats, and how to render them. */
export type DiffDocumentsOptions = Omit<RenderDocumentsOptions, 'combine' | 'diff' | 'strict'>;

/**
 * The later scan as one document with a "Changes since …" section for every report the
 * diff compared: one output per format, each rendered when its `render()` is called.
 * The document is planned when the first is asked for, so that a page too long to make
 * is told then, after the comparison's own outputs.
 *
 * @throws CspmError `unknown-format` for a format that is not one of `documentFormats`;
 *         from `render()`, `document-too-large` as renderDocuments throws it
 */
export function diffDocuments(news: Analysis, diff: DiffResult, options: DiffDocumentsOptions): DocumentOutput[] {
  const formats = [...new Set(options.formats)];
  let planned: DocumentOutput[] | undefined;
  const plan = (): DocumentOutput[] => (planned ??= outputsOf(news, diff, { ...options, formats }));
  return formats.map((format) => {
    const { extension, mediaType } = getRenderer(format);
    return {
      format,
      extension,
      mediaType,
      render: async () => {
        const output = plan().find((candidate) => candidate.format === format);
        if (!output) throw new CspmError('internal', `no ${format} output was planned`, { data: { what: format } });
        return output.render();
      },
    };
  });
}

function outputsOf(news: Analysis, diff: DiffResult, options: DiffDocumentsOptions): DocumentOutput[] {
  const [planned] = renderDocuments(news, { ...options, combine: true, diff }).documents;
  // A diff compares only inputs with a valid report, so the later one always makes a document.
  if (planned?.status !== 'ready')
    throw new CspmError('internal', 'the new scan made no document to render', { data: { what: 'diff document' } });
  return planned.outputs;
}
