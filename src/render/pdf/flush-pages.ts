import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PdfDocument } from './pdfkit-internals.js';

/** pdfkit's buffer of pages not yet written out (bufferPages: true). */
interface PageBuffer {
  _pageBuffer: unknown[];
}

/**
 * Writes out the pages pdfkit kept in memory (for "page X of Y") a few dozen at a
 * time, with a turn of the event loop between: `doc.end()` would compress a thousand
 * pages in one go, a second or more in which a stop signal could not be handled.
 * pdfkit's `flushPages()` writes every page of its buffer; handing it the buffer in
 * slices writes the same pages in the same order.
 */
export async function flushPagesInTurns(doc: PdfDocument, pagesPerTurn = 50): Promise<void> {
  const buffer = doc as unknown as PageBuffer;
  while (buffer._pageBuffer.length > pagesPerTurn) {
    const rest = buffer._pageBuffer.slice(pagesPerTurn);
    buffer._pageBuffer = buffer._pageBuffer.slice(0, pagesPerTurn);
    doc.flushPages();
    buffer._pageBuffer = rest;
    await nextTurn();
  }
}
