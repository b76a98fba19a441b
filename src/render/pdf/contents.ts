import { displayCount } from '../display-values.js';
import type { Canvas, OutlineEntry } from './canvas.js';
import { linkToPage } from './pdfkit-internals.js';
import { sizes } from './theme.js';

/** How many entries the table of contents will list, by outline level. */
export interface ContentsCount {
  level1: number;
  level2: number;
}

/** The pages kept for the table of contents and what it lists. */
export interface ContentsPlan {
  firstPage: number;
  pages: number;
  /** 2 lists categories under their report; 1 lists the top level only. */
  depth: 1 | 2;
}

const rowHeight = 15;
const titleRoom = 40;
const indent = 14;
const numberWidth = 40;
// Past this many pages, a list of every category stops helping: the top level only.
const maxPages = 4;

function pagesFor(canvas: Canvas, entries: number): number {
  const { top, bottom } = canvas.page;
  const perPage = Math.floor((bottom - top) / rowHeight);
  const onFirst = Math.floor((bottom - top - titleRoom) / rowHeight);
  return entries <= onFirst ? 1 : 1 + Math.ceil((entries - onFirst) / perPage);
}

/**
 * Keeps the current page, and more after it as needed, for the table of contents.
 * pdfkit writes pages in order and the page numbers are known only at the end, so
 * the entries are counted first, their pages reserved now and filled by drawContents.
 */
export function reserveContents(canvas: Canvas, count: ContentsCount): ContentsPlan {
  const all = pagesFor(canvas, count.level1 + count.level2);
  const depth = all <= maxPages ? 2 : 1;
  const pages = depth === 2 ? all : pagesFor(canvas, count.level1);
  const firstPage = canvas.pageIndex;
  for (let page = 1; page < pages; page++) canvas.newPage();
  return { firstPage, pages, depth };
}

/**
 * Fills the reserved pages: every bookmark after them (down to the planned depth) with
 * the number of its page, as the footer prints it, and a link to it.
 */
export function drawContents(canvas: Canvas, plan: ContentsPlan, outline: readonly OutlineEntry[]): void {
  const { doc, page } = canvas;
  const after = plan.firstPage + plan.pages;
  const listed = outline.filter((entry) => entry.pageIndex >= after && entry.level <= plan.depth);
  canvas.flush();
  let pageIndex = plan.firstPage;
  doc.switchToPage(pageIndex);
  canvas.text('Contents', page.left, page.top, { size: sizes.h1, weight: 'bold', colour: 'accent' });
  canvas.rule(page.left, page.right, page.top + 24, 'accent', 1);
  let y = page.top + titleRoom;
  for (const entry of listed) {
    if (y + rowHeight > page.bottom && pageIndex < after - 1) {
      canvas.flush();
      doc.switchToPage(++pageIndex);
      y = page.top;
    }
    const x = page.left + (entry.level === 2 ? indent : 0);
    const style = entry.level === 1 ? { size: sizes.body, weight: 'bold' as const } : { size: sizes.body };
    canvas.text(entry.title, x, y, style, page.right - numberWidth - x);
    canvas.text(displayCount(entry.pageIndex + 1), page.right - numberWidth, y, style, numberWidth, 'right');
    canvas.rule(x, page.right, y + rowHeight - 3, 'rule', 0.25);
    linkToPage(doc, page.left, y - 2, page.contentWidth, rowHeight, entry.pageIndex);
    y += rowHeight;
  }
  canvas.flush();
}
