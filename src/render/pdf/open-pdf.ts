import type { RenderOptions } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { displayIsoTime } from '../display-values.js';
import { Canvas } from './canvas.js';
import { createDocument, pdfInfoOf, type PdfInfo } from './document-info.js';
import { FontSet } from './font-set.js';
import { missingFontWarning } from './missing-font.js';
import { drawPageFooters } from './page-footer.js';
import { flushPagesInTurns } from './flush-pages.js';
import { pageGeometry } from './theme.js';
import { Typesetter } from './typesetter.js';

/** A PDF being drawn: its canvas, and how to end it. */
export interface OpenPdf {
  canvas: Canvas;
  /**
   * Draws the footer of every page (tool and version, `label` after them, the time of
   * generation when stamped), ends the document and resolves with its bytes.
   */
  finish(label?: string): Promise<Buffer>;
}

/** The bytes pdfkit writes, once the document has ended. */
export function collect(doc: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Starts the PDF of a view, as every tier draws it: page size, metadata, fonts, canvas. */
export function openPdf(view: ViewModel, options: RenderOptions): OpenPdf {
  return openPdfWith(pdfInfoOf(view, options), options, view.generatedAt);
}

/**
 * Starts a PDF of the metadata `info`: what {@link openPdf} does for a view, for a
 * document drawn from something else (the fleet tier's figures).
 *
 * @param generatedAt the time of generation the footer states, as ISO 8601, or null for none
 */
export function openPdfWith(info: PdfInfo, options: RenderOptions, generatedAt: string | null): OpenPdf {
  const page = pageGeometry(options.landscape === true);
  const doc = createDocument(info, page);
  const bytes = collect(doc);
  const fonts = new FontSet(doc, (family) => options.onWarning?.(missingFontWarning(family)));
  const canvas = new Canvas(doc, fonts, new Typesetter(fonts), page, info.title);
  return {
    canvas,
    async finish(label = '') {
      await drawPageFooters(
        canvas,
        `${info.tool.name} ${info.tool.version}${label}${generatedAt ? ` · generated ${displayIsoTime(generatedAt)}` : ''}`,
      );
      await flushPagesInTurns(doc);
      doc.end();
      return bytes;
    },
  };
}
