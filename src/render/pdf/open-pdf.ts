import type { RenderOptions } from '../../model/renderer.js';
import type { ViewModel } from '../../model/view-model.js';
import { displayIsoTime } from '../display-values.js';
import { Canvas } from './canvas.js';
import { createDocument } from './document-info.js';
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
  const page = pageGeometry(options.landscape === true);
  const doc = createDocument(view, options, page);
  const bytes = collect(doc);
  const fonts = new FontSet(doc, (family) => options.onWarning?.(missingFontWarning(family)));
  const canvas = new Canvas(doc, fonts, new Typesetter(fonts), page, options.title ?? view.title);
  return {
    canvas,
    async finish(label = '') {
      await drawPageFooters(canvas, `${view.tool.name} ${view.tool.version}${label}${view.generatedAt ? ` · generated ${displayIsoTime(view.generatedAt)}` : ''}`);
      await flushPagesInTurns(doc);
      doc.end();
      return bytes;
    },
  };
}
