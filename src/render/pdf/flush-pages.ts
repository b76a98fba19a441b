import { setImmediate as nextTurn } from 'node:timers/promises';
import { flushFirstPages, type PdfDocument } from './pdfkit-internals.js';

/**
 * Writes out the pages pdfkit kept in memory (for "page X of Y") a few dozen at a
 * time, with a turn of the event loop between: `doc.end()` would compress a thousand
 * pages in one go, a second or more in which a stop signal could not be handled.
 */
export async function flushPagesInTurns(doc: PdfDocument, pagesPerTurn = 50): Promise<void> {
  while (flushFirstPages(doc, pagesPerTurn) > 0) await nextTurn();
}
