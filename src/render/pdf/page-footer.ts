import { displayCount } from '../display-values.js';
import { pauseOften } from '../pause-often.js';
import type { Canvas } from './canvas.js';
import { sizes } from './theme.js';

/**
 * Writes "Page X of Y" and the producing tool at the foot of every page. The total is
 * known only at the end, so this runs last over the pages pdfkit kept in memory, with
 * a turn of the event loop every few dozen pages (see pauseOften).
 */
export async function drawPageFooters(canvas: Canvas, tool: string): Promise<void> {
  const pause = pauseOften(50);
  canvas.flush();
  const { doc, page } = canvas;
  const { start, count } = doc.bufferedPageRange();
  const top = page.height - 30;
  const half = page.contentWidth / 2;
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    canvas.rule(page.left, page.right, top - 5);
    canvas.text(tool, page.left, top, { size: sizes.small, colour: 'muted' }, half);
    canvas.text(
      `Page ${displayCount(index + 1)} of ${displayCount(count)}`,
      page.left + half,
      top,
      { size: sizes.small, colour: 'muted' },
      half,
      'right',
    );
    canvas.flush();
    const turn = pause();
    if (turn) await turn;
  }
}
