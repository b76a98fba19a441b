import type { PageSetup } from 'exceljs';
import { columnLetter } from './column-letter.js';

/** Paper size 9 of the OOXML page set-up: A4, as the PDF prints. */
const a4 = 9;

/**
 * Character widths printed across one landscape A4 page: the sheet then prints at about
 * 70 % (Calibri 11 at about 7.5 pt), the smallest that reads well. A wider sheet is
 * printed over more pages across, never shrunk further: printed one page wide, the
 * Summary's 25 columns came out in 2–3 pt text.
 */
export const widthPerPage = 200;

/**
 * A sheet up to this share of a page wider prints on one page, a little smaller (about
 * 64 %, text near 7 pt), rather than putting its last column or two alone on a second page.
 */
export const onePageShare = 1.1;

/** Excel pads each column with about 5 pixels, some 0.7 character widths. */
const columnPadding = 5 / 7;

/** Key columns wider than this share of a page are cut to the first, so that later pages still have room. */
const keyShare = 2 / 3;

/** Narrow margins (inches): the header and footer fit in them, and more of the page is left for columns. */
const margins = { left: 0.4, right: 0.4, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 };

/** How a table sheet prints: its page set-up and how many pages it is wide. */
export interface PrintSetup {
  pageSetup: Partial<PageSetup>;
  pagesAcross: number;
}

/**
 * The page set-up of a table sheet: A4 landscape, narrow margins, as many pages across
 * as its columns need at a readable scale ({@link widthPerPage}) and as long as its rows
 * need; the header row and the key columns (those that name a row: the benchmark, the
 * category) repeat on every printed page, so that a page across is never a grid of
 * numbers without the names they belong to.
 *
 * @param widths the column widths, in characters
 * @param headerRow the one-based row of the table's header
 * @param keyColumns how many leading columns name a row
 */
export function printSetup(widths: readonly number[], headerRow: number, keyColumns: number): PrintSetup {
  const printed = widths.map((width) => width + columnPadding);
  let key = Math.max(1, Math.min(keyColumns, widths.length));
  if (sum(printed.slice(0, key)) > widthPerPage * keyShare) key = 1;
  const pagesAcross =
    sum(printed) <= widthPerPage * onePageShare ? 1 : countPagesAcross(printed, sum(printed.slice(0, key)));
  return {
    pagesAcross,
    pageSetup: {
      paperSize: a4,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: pagesAcross,
      fitToHeight: 0,
      margins,
      printTitlesRow: `${headerRow}:${headerRow}`,
      printTitlesColumn: `A:${columnLetter(key)}`,
    },
  };
}

/** Pages across when columns fill each page in turn, every page after the first starting with the key columns. */
function countPagesAcross(printed: readonly number[], keyWidth: number): number {
  let pages = 1;
  let used = 0;
  for (const width of printed) {
    if (used + width > widthPerPage && used > keyWidth) {
      pages += 1;
      used = keyWidth;
    }
    used += width;
  }
  return pages;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
